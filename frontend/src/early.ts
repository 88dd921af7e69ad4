import { ITEM_PAGE, LEADERBOARD, PROFILE_SCREENS, STASH_SCREENS } from './early-routes';
import { prefetchItem } from './features/items/api/get-item';
import { prefetchItemStats } from './features/items/api/get-item-stats';
import { prefetchProfileWhenSignedIn } from './features/profile/api/get-profile';
import { prefetchStashScreen, stashScreenStart } from './features/profile/screen-start';
import { prefetchLeaderboard } from './features/seasons/api/get-leaderboard';
import { prefetchSeason } from './features/seasons/api/get-season';
import { readBranch } from './lib/branch';

/**
 * The site's second entry, half a kilobyte loaded async from index.html's head (vite.config.ts). When the site
 * is opened on a page whose first screen starts from the API, it asks for that at once, beside the app's
 * JavaScript, instead of once that has downloaded and run: the profile on the profile screens (then the first
 * page of the stash or of the trade search), a season and its ladder on its leaderboard, an item and its
 * display on its page. The app's own requests take these responses (prefetch in lib/api-client.ts, a module
 * both entries share), so the page's first render finds them answered.
 */
export function startEarlyRequests(hash: string): void {
  if (PROFILE_SCREENS.test(hash)) {
    const profile = prefetchProfileWhenSignedIn();
    const stash = STASH_SCREENS.exec(hash);
    if (stash) {
      const start = stashScreenStart(stash[1] === 'trade-search', new URLSearchParams(stash[2] ?? ''));
      void prefetchStashScreen(start, profile, readBranch());
    }
  }
  const seasonId = positiveId(LEADERBOARD.exec(hash)?.[1]);
  if (seasonId) {
    prefetchSeason(seasonId);
    prefetchLeaderboard(seasonId);
  }
  const itemId = positiveId(ITEM_PAGE.exec(hash)?.[1]);
  if (itemId) {
    prefetchItem(itemId);
    prefetchItemStats(itemId);
  }
}

/** An id as an address carries it; anything else asks for nothing (the page shows its own error). */
function positiveId(raw: string | undefined): number | undefined {
  return raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

startEarlyRequests(window.location.hash);
