import type { RouteObject } from 'react-router-dom';
import { lazyPages } from '@/lib/lazy-pages';

const page = lazyPages(() => import('./pages'), 'Loading the catalogue');

/** Encounters, monsters and Boundless Dungeon mutators. */
export const catalogueRoutes: RouteObject[] = [
  page('encounters', 'EncountersPage'),
  page('monsters', 'MonstersPage'),
  page('monster/:monsterId', 'MonsterDetailPage'),
  page('boundless-mutators', 'BoundlessMutatorsPage'),
];
