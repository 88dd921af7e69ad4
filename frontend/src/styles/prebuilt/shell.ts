// Written by frontend/scripts/collect-styles.mjs; do not edit.
// Imported by main.tsx: the styles of the landing page (a visitor's and a player's header)
// at a phone's and a desktop's width.
import './shell.css';
import names from './shell.json';
import { markStylesInserted } from '@/app/emotion-cache';

markStylesInserted(names);
