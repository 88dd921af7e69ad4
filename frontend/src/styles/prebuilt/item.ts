// Written by frontend/scripts/collect-styles.mjs; do not edit.
// Imported by item-detail-page.tsx: the styles (beyond the shell's and the pages') of
// /item/5 at a phone's and a desktop's width.
import './pages';
import './item.css';
import { markStylesInserted } from '@/app/emotion-cache';

markStylesInserted([
  '1hjjyqs',
  '1qm1lh',
  'eqzdzv',
  '151x805',
  '1dpti93',
  '8eqwwh',
  'y17kra',
  '1i0bf1k',
  '3718ny',
  '6u309m',
  '1yuhvjn',
  '6ctwrj',
  '11lzi6h',
  '1svmpvp',
  '1vg6q84',
  'leh1jz',
  'msvk4o',
  '6zeuko',
  '19cutvm',
]);
