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
import { LoadingState } from '@/components/ui/page-states';

/** The death analytics page and its charts are a chunk of their own, loaded when the route is opened. */
const lazyDeathAnalytics: RouteObject = {
  path: 'seasons/:seasonId/death-analytics',
  hydrateFallbackElement: <LoadingState label="Loading death analytics" />,
  lazy: async () => {
    const { DeathAnalyticsRoute } = await import('./death-analytics-route');
    return { Component: DeathAnalyticsRoute };
  },
};

export const seasonsRoutes: RouteObject[] = [
  { path: 'seasons', element: <SeasonsPage /> },
  { path: 'seasons/:seasonId', element: <SeasonPage /> },
  { path: 'seasons/:seasonId/leaderboard', element: <LeaderboardPage /> },
  { path: 'leaderboard', element: <LeaderboardPage /> },
  { path: 'seasons/:seasonId/kill-tracker', element: <KillTrackerPage /> },
  lazyDeathAnalytics,
  { path: 'seasons/:seasonId/participant/:participantId', element: <ParticipantPage /> },
  { path: 'seasons/:seasonId/participant/:participantId/builds', element: <BuildsPage /> },
  { path: 'seasons/:seasonId/participant/:participantId/screenshots', element: <ScreenshotsPage /> },
  { path: 'socials', element: <SocialsPage /> },
  { path: 'previous-seasons', element: <PreviousSeasonsPage /> },
  { path: 'previous-seasons/:seasonNumber', element: <PreviousSeasonPage /> },
];
