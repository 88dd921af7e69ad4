import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { connectApiClient } from './app/connect-api-client';
import { AppProviders } from './app/providers';
import { appRoutes, createAppRouter, moveQueryIntoHash } from './app/router';
import { createAppStore } from './app/store';
import { loadSiteConfig } from './config/site-config';
import { preloadLazyPages } from './lib/lazy-pages';

moveQueryIntoHash(window.location, window.history);
// The community links are runtime configuration; the header and footer show them once this answers.
void loadSiteConfig();

const router = createAppRouter();
const navigate = (to: string) => void router.navigate(to);
const store = createAppStore({ navigate });
connectApiClient(store, navigate);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// Once the first page is up and the browser is idle, fetch the public pages' chunks, so that a click finds
// its page loaded. (The profile and admin screens stay unloaded until their visitors open them.)
const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2_000));
whenIdle(() => void preloadLazyPages(appRoutes));
