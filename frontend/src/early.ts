import { PROFILE_SCREENS, SEASON_LEADERBOARD } from './early-routes';
import { prefetchProfileWhenSignedIn } from './features/profile/api/get-profile';
import { prefetchLeaderboard } from './features/seasons/api/get-leaderboard';
import { prefetchSeason } from './features/seasons/api/get-season';

/**
 * The site's second entry, a few hundred bytes loaded async from index.html's head (vite.config.ts). When
 * the site is opened on a page whose first screen starts from the API, it asks for that at once, beside
 * the app's JavaScript, instead of once that has downloaded and run: the page's first render finds it
 * answered. The app takes the same responses (prefetch in lib/api-client.ts, a module both entries share).
 */
const { hash } = window.location;
if (PROFILE_SCREENS.test(hash)) prefetchProfileWhenSignedIn();
const season = SEASON_LEADERBOARD.exec(hash);
if (season) {
  prefetchSeason(Number(season[1]));
  prefetchLeaderboard(Number(season[1]));
}
