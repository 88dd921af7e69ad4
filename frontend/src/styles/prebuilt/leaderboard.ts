// Written by frontend/scripts/collect-styles.mjs; do not edit.
// Imported by leaderboard-page.tsx: the styles (beyond the shell's and the pages') of
// /seasons/18/leaderboard at a phone's and a desktop's width.
import './pages';
import './leaderboard.css';
import names from './leaderboard.json';
import { markStylesInserted } from '@/app/emotion-cache';

markStylesInserted(names);
