import type { RouteObject } from 'react-router-dom';

/** Encounters, monsters and Boundless Dungeon mutators. */
export const catalogueRoutes: RouteObject[] = [];
