// Written by frontend/scripts/collect-styles.mjs; do not edit.
// Imported by stash-page.tsx: the styles (beyond the shell's and the pages') of
// /profile/stash?st=1 /profile/trade-search?st=1&t=search at a phone's and a desktop's width.
import './pages';
import './stash.css';
import names from './stash.json';
import { markStylesInserted } from '@/app/emotion-cache';

markStylesInserted(names);
