import type { RouteObject } from 'react-router-dom';
import { BuildsPage } from './components/builds-page';
import { KillTrackerPage } from './components/kill-tracker-page';
import { LeaderboardPage } from './components/leaderboard-page';
import { ParticipantPage } from './components/participant-page';
import { PreviousSeasonPage } from './components/previous-season-page';
import { PreviousSeasonsPage } from './components/previous-seasons-page';
import { ScreenshotsPage } from './components/screenshots-page';
import { SeasonPage } from './components/season-page';
import { SeasonsPage } from './components/seasons-page';
import { SocialsPage } from './components/socials-page';

export const seasonsRoutes: RouteObject[] = [
  { path: 'seasons', element: <SeasonsPage /> },
  { path: 'seasons/:seasonId', element: <SeasonPage /> },
  { path: 'seasons/:seasonId/leaderboard', element: <LeaderboardPage /> },
  { path: 'leaderboard', element: <LeaderboardPage /> },
  { path: 'seasons/:seasonId/kill-tracker', element: <KillTrackerPage /> },
  { path: 'seasons/:seasonId/participant/:participantId', element: <ParticipantPage /> },
  { path: 'seasons/:seasonId/participant/:participantId/builds', element: <BuildsPage /> },
  { path: 'seasons/:seasonId/participant/:participantId/screenshots', element: <ScreenshotsPage /> },
  { path: 'socials', element: <SocialsPage /> },
  { path: 'previous-seasons', element: <PreviousSeasonsPage /> },
  { path: 'previous-seasons/:seasonNumber', element: <PreviousSeasonPage /> },
];
