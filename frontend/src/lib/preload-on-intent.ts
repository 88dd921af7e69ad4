import { matchRoutes, type RouteObject } from 'react-router-dom';

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Loads the chunk of the page an in-app link leads to when the visitor shows they are about to open it: the
 * pointer comes over the link, it gets the keyboard focus, or a finger touches it. The chunk is then loaded
 * (or on its way) by the time of the click, and a first visit downloads only the page it opened, not every
 * page of the site. Returns the function that stops listening.
 */
export function preloadOnIntent(routes: RouteObject[], target: Document = document): () => void {
  const asked = new Set<string>();
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href^="#/"]') : null;
    if (!link) return;
    const path = (link.getAttribute('href') ?? '').slice(1).split('?', 1)[0] ?? '/';
    if (asked.has(path)) return;
    asked.add(path);
    for (const { route } of matchRoutes(routes, path) ?? []) {
      // The router calls the same function when the page opens; the module is then already loaded.
      if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => asked.delete(path));
    }
  };
  for (const type of INTENT_EVENTS) target.addEventListener(type, onIntent, { capture: true, passive: true });
  return () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, onIntent, { capture: true });
  };
}
