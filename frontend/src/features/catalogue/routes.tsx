import type { RouteObject } from 'react-router-dom';
import { BoundlessMutatorsPage } from './components/boundless-mutators-page';
import { EncountersPage } from './components/encounters-page';
import { MonsterDetailPage } from './components/monster-detail-page';
import { MonstersPage } from './components/monsters-page';

/** Encounters, monsters and Boundless Dungeon mutators. */
export const catalogueRoutes: RouteObject[] = [
  { path: 'encounters', element: <EncountersPage /> },
  { path: 'monsters', element: <MonstersPage /> },
  { path: 'monster/:monsterId', element: <MonsterDetailPage /> },
  { path: 'boundless-mutators', element: <BoundlessMutatorsPage /> },
];
