// Written by frontend/scripts/collect-styles.mjs; do not edit.
// Imported by item-detail-page.tsx: the styles (beyond the shell's and the pages') of
// /item/5 at a phone's and a desktop's width.
import './pages';
import './item.css';
import names from './item.json';
import { markStylesInserted } from '@/app/emotion-cache';

markStylesInserted(names);
