import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingState } from '@/components/ui/loading-state';
import { yieldToBrowser } from './yield-to-browser';

/** The routes `lazyPages` made, so `preloadLazyPages` finds them in a route table. */
const pageRoutes = new WeakSet<RouteObject>();

/**
 * A feature's pages as one lazily loaded chunk. The route table stays static (every path is known at start);
 * the page components arrive with the feature's chunk the first time one of its routes is opened, so the
 * landing page's JavaScript carries only the shell and the landing page. `load` is the feature's
 * `() => import('./pages')`; `label` names the loading state shown when the site is opened on such a route.
 */
export function lazyPages<M extends object>(load: () => Promise<M>, label: string) {
  return (path: string, name: { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M]): RouteObject => {
    const route: RouteObject = {
      path,
      hydrateFallbackElement: <LoadingState label={label} />,
      // The chunk's evaluation is a task of its own, not the tail of the router's start.
      lazy: async () => {
        await yieldToBrowser();
        return { Component: (await load())[name] as ComponentType };
      },
    };
    pageRoutes.add(route);
    return route;
  };
}

/**
 * Loads the chunk of every `lazyPages` route in `routes` and makes those routes eager (Component set, no
 * `lazy`) for routers created afterwards: the component tests call it before rendering. (The app loads a
 * page's chunk when a link to it is about to be used: lib/preload-on-intent.ts.)
 */
export async function preloadLazyPages(routes: RouteObject[]): Promise<void> {
  const found: RouteObject[] = [];
  const walk = (list: RouteObject[]) => {
    for (const r of list) {
      if (pageRoutes.has(r)) found.push(r);
      if (r.children) walk(r.children);
    }
  };
  walk(routes);
  await Promise.all(
    found.map(async (r) => {
      if (typeof r.lazy !== 'function') return;
      const resolved = await r.lazy();
      Object.assign(r, resolved);
      delete r.lazy;
    }),
  );
}
