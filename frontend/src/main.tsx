import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { connectApiClient } from './app/connect-api-client';
import { AppProviders } from './app/providers';
import { appRoutes, createAppRouter, moveQueryIntoHash } from './app/router';
import { createAppStore } from './app/store';
import { loadSiteConfig } from './config/site-config';
import { preloadOnIntent } from './lib/preload-on-intent';
import { yieldToBrowser } from './lib/yield-to-browser';
import './styles/prebuilt/shell';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  moveQueryIntoHash(window.location, window.history);
  // The community links are runtime configuration; the header and footer show them once this answers.
  void loadSiteConfig();

  await yieldToBrowser();
  // Also asks for the opened page's chunk (and, on a profile screen, the profile).
  const router = createAppRouter();
  const navigate = (to: string) => void router.navigate(to);

  await yieldToBrowser();
  const store = createAppStore({ navigate });
  connectApiClient(store, navigate);

  // The first render is a transition: React renders the app in slices of a few milliseconds and lets the
  // browser in between. It waits for the opened page's code (its chunk was asked for alongside the app's,
  // see vite.config.ts): React's first paint is then the page itself rather than the shell with a spinner
  // (until then index.html's static header frame shows), and the chunk's evaluation comes before it instead
  // of blocking the main thread once the page shows.
  const root = createRoot(container);
  const render = () =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppProviders store={store}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      ),
    );
  if (router.state.initialized) render();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      render();
    });
  }

  // A page's chunk loads when a link to it is pointed at, focused or touched, so that a click finds it
  // loaded; a first visit on a phone downloads the page it opened and nothing else.
  preloadOnIntent(appRoutes);
}

void start();
