import createCache from '@emotion/cache';

/**
 * The app's one emotion cache (key `css`, the class names MUI's default cache gives: `css-<hash>`).
 *
 * MUI styles every component at runtime: the first render of a style compiles it (stylis) and inserts its
 * rules into the page's stylesheet, in the commit, one synchronous task. On a phone that was the longest
 * task of a page's first render. The styles the main pages use are built ahead of time instead
 * (src/styles/prebuilt, written by frontend/scripts/collect-styles.mjs): a page's chunk brings them as a
 * stylesheet, which the browser parses natively, and marks their names as inserted here, so emotion skips
 * them. A class name is the hash of its style, so a name marked here is exactly the rules the stylesheet
 * holds; a style that changed since the collection has a new name and is compiled at runtime as before.
 */
export const emotionCache = createCache({ key: 'css' });

/**
 * Tells emotion the page already has these styles' rules (a prebuilt stylesheet loaded with the chunk).
 * A page whose `window.__leagueRuntimeStyles` is true compiles every style at runtime, as without the
 * prebuilt stylesheets: the collector needs to see them all, and a benchmark can compare the two.
 */
export function markStylesInserted(names: readonly string[]): void {
  if ((globalThis as { __leagueRuntimeStyles?: boolean }).__leagueRuntimeStyles === true) return;
  for (const name of names) {
    if (emotionCache.inserted[name] === undefined) emotionCache.inserted[name] = true;
  }
}
