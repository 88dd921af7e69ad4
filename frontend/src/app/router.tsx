import { createHashRouter, type RouteObject } from 'react-router-dom';
import { authRoutes } from '@/features/auth/routes';
import { catalogueRoutes } from '@/features/catalogue/routes';
import { infoRoutes } from '@/features/info/routes';
import { itemsRoutes } from '@/features/items/routes';
import { LandingPage } from '@/features/landing/components/landing-page';
import { seasonsRoutes } from '@/features/seasons/routes';
import { LoadingState } from '@/components/ui/loading-state';
import { prefetchProfileWhenSignedIn } from '@/features/profile/api/get-profile';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import { AppShell } from './shell/app-shell';
import { NotFoundPage } from './shell/not-found-page';
import { RouteErrorPage } from './shell/route-error-page';

/**
 * Each feature owns its routes. Only the shell and the landing page are in the initial JavaScript: each
 * public feature's pages are one lazy chunk (`lazyPages`), and the profile and admin screens, only for some
 * visitors, load lazily in chunks of their own (see vite.config.ts).
 */
/**
 * The profile screens' chunk, which asks for the profile first. The MUI parts only lazy screens use come
 * before it ('mui-lazy' in vite.config.ts: a chunk evaluates all its modules at once), so that theirs and the
 * screens' own evaluation are two tasks on a phone, not one; each is a task of its own (see lazyPages).
 */
async function importProfileRoutes() {
  void prefetchProfileWhenSignedIn();
  await yieldToBrowser();
  await import('@mui/material/TablePagination');
  await yieldToBrowser();
  return import('@/features/profile/profile-routes');
}

const lazyProfileRoutes: RouteObject = {
  path: 'profile/*',
  // Shown inside the shell while the chunk loads when the site is opened on one of these routes.
  hydrateFallbackElement: <LoadingState label="Loading profile" />,
  lazy: async () => ({ Component: (await importProfileRoutes()).ProfileRoutes }),
};

/** The public seasons/{id}/trading-post address leads into the (lazy) profile screens. */
const lazySeasonTradingPost: RouteObject = {
  path: 'seasons/:seasonId/trading-post',
  hydrateFallbackElement: <LoadingState label="Loading trading post" />,
  lazy: async () => ({ Component: (await importProfileRoutes()).SeasonTradingPostRoute }),
};

const lazyAdminRoutes: RouteObject = {
  path: 'admin/*',
  hydrateFallbackElement: <LoadingState label="Loading admin" />,
  lazy: async () => {
    await yieldToBrowser();
    const { AdminRoutes } = await import('@/features/admin/admin-routes');
    return { Component: AdminRoutes };
  },
};

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
          ...authRoutes,
          ...seasonsRoutes,
          ...itemsRoutes,
          ...catalogueRoutes,
          ...infoRoutes,
          lazyProfileRoutes,
          lazySeasonTradingPost,
          lazyAdminRoutes,
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
