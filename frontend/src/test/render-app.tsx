import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { connectApiClient } from '@/app/connect-api-client';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { writeCookie } from '@/lib/cookies';
import { preloadLazyPages } from '@/lib/lazy-pages';

// The public pages are lazy chunks in the app; a test renders them at once, as after the app's idle preload.
beforeAll(() => preloadLazyPages(appRoutes));

/** Renders the whole app (shell, routes, store, API client wiring) at a path, as a visitor sees it. */
export function renderApp(path = '/') {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const navigate = (to: string) => void router.navigate(to);
  const store = createAppStore({ navigate });
  const disconnect = connectApiClient(store, navigate);
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, store, disconnect };
}

export function signIn(role: string | null, accessToken = 'access-token-123') {
  writeCookie('authToken', JSON.stringify({ role, refresh_token: 'refresh-token-456', access_token: accessToken }));
}
