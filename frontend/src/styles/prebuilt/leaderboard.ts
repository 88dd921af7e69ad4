// Written by frontend/scripts/collect-styles.mjs; do not edit. Imported by leaderboard-page.tsx: the
// styles (beyond the shell's) of /seasons/18/leaderboard at a phone's and a desktop's width.
import './leaderboard.css';
import { markStylesInserted } from '@/app/emotion-cache';

markStylesInserted([
  '10w7bx9',
  '1at8v6y',
  '9s237g',
  '1mzerio',
  '1vmfj1m',
  'is6hc',
  '1p6ntod',
  'eqpotu',
  '104xs6h',
  's4zxv0',
  '1ib8mom',
  '1k6ijd1',
  '1rwu2lx',
  'wk9er',
  '1j6i5la',
  '1qsdlfn',
  '51eq8m',
  '1727oqz',
  '1fz7vqh',
  '1uirv3s',
  '4v85u4',
]);
