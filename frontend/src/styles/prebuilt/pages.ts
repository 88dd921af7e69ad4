// Written by frontend/scripts/collect-styles.mjs; do not edit.
// Imported by the page groups: the styles (beyond the shell's) two of them use.
import './pages.css';
import { markStylesInserted } from '@/app/emotion-cache';

markStylesInserted([
  '1at8v6y',
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
  '51eq8m',
  '1hrkay5',
  'd8b6l3',
  'animation-c7515d',
]);
