// Written by frontend/scripts/collect-styles.mjs; do not edit.
// Imported by leaderboard-page.tsx: the styles (beyond the shell's and the pages') of
// /seasons/18/leaderboard at a phone's and a desktop's width.
import './pages';
import './leaderboard.css';
import { markStylesInserted } from '@/app/emotion-cache';

markStylesInserted(['10w7bx9', '9s237g', 'wk9er', '1j6i5la', '1qsdlfn', '1727oqz', '1fz7vqh', '1uirv3s', '4v85u4']);
