import type { RouteObject } from 'react-router-dom';
import { LeaderboardPage } from './components/leaderboard-page';
import { SeasonsPage } from './components/seasons-page';

export const seasonsRoutes: RouteObject[] = [
  { path: 'seasons', element: <SeasonsPage /> },
  { path: 'seasons/:seasonId/leaderboard', element: <LeaderboardPage /> },
  { path: 'leaderboard', element: <LeaderboardPage /> },
];
