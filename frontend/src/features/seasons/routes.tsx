import type { RouteObject } from 'react-router-dom';
import { LoadingState } from '@/components/ui/loading-state';
import { lazyPages } from '@/lib/lazy-pages';

const page = lazyPages(() => import('./pages'), 'Loading season');
// The leaderboard is opened from outside more than any other season page: a small chunk of its own, so it
// does not wait for the builds and screenshots editors (and their form controls) of the other pages.
const leaderboardPage = lazyPages(() => import('./components/leaderboard-page'), 'Loading leaderboard');

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
  page('seasons', 'SeasonsPage'),
  page('seasons/:seasonId', 'SeasonPage'),
  leaderboardPage('seasons/:seasonId/leaderboard', 'LeaderboardPage'),
  leaderboardPage('leaderboard', 'LeaderboardPage'),
  page('seasons/:seasonId/kill-tracker', 'KillTrackerPage'),
  lazyDeathAnalytics,
  page('seasons/:seasonId/participant/:participantId', 'ParticipantPage'),
  page('seasons/:seasonId/participant/:participantId/builds', 'BuildsPage'),
  page('seasons/:seasonId/participant/:participantId/screenshots', 'ScreenshotsPage'),
  page('socials', 'SocialsPage'),
  page('previous-seasons', 'PreviousSeasonsPage'),
  page('previous-seasons/:seasonNumber', 'PreviousSeasonPage'),
];
