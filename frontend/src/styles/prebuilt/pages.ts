// Written by frontend/scripts/collect-styles.mjs; do not edit.
// Imported by the page groups: the styles (beyond the shell's) two of them use.
import './pages.css';
import names from './pages.json';
import { markStylesInserted } from '@/app/emotion-cache';

markStylesInserted(names);
