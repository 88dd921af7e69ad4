import { createHashRouter, type RouteObject } from 'react-router-dom';
import { LoginPage } from '@/features/auth/components/login-page';
import { RegisterPage } from '@/features/auth/components/register-page';
import { ItemsPage } from '@/features/items/components/items-page';
import { LandingPage } from '@/features/landing/components/landing-page';
import { LeaderboardPage } from '@/features/seasons/components/leaderboard-page';
import { SeasonsPage } from '@/features/seasons/components/seasons-page';
import { AppShell } from './shell/app-shell';
import { NotFoundPage } from './shell/not-found-page';
import { RouteErrorPage } from './shell/route-error-page';

// Pages arrive feature by feature; until a route is listed here its links fall through to NotFound.
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // A page that throws keeps the header and footer around its error.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'seasons', element: <SeasonsPage /> },
          { path: 'seasons/:seasonId/leaderboard', element: <LeaderboardPage /> },
          { path: 'leaderboard', element: <LeaderboardPage /> },
          { path: 'items', element: <ItemsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * OAuth providers (Patreon) return to the site root with ?code=… before the hash, where a hash
 * router never looks. Move that query into the hash route so the landing page can pick it up, and
 * so it does not stick to every later page.
 */
export function moveQueryIntoHash(location: Location, history: History): void {
  if (!location.search) return;
  const hash = location.hash.replace(/^#/, '') || '/';
  const joiner = hash.includes('?') ? '&' : '?';
  history.replaceState(history.state, '', `${location.pathname}#${hash}${joiner}${location.search.slice(1)}`);
}

export function createAppRouter() {
  return createHashRouter(appRoutes);
}
