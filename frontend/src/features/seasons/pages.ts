// The season pages, one lazily loaded chunk (see routes.tsx; death analytics and its charts are another).
export { BuildsPage } from './components/builds-page';
export { KillTrackerPage } from './components/kill-tracker-page';
export { LeaderboardPage } from './components/leaderboard-page';
export { ParticipantPage } from './components/participant-page';
export { PreviousSeasonPage } from './components/previous-season-page';
export { PreviousSeasonsPage } from './components/previous-seasons-page';
export { ScreenshotsPage } from './components/screenshots-page';
export { SeasonPage } from './components/season-page';
export { SeasonsPage } from './components/seasons-page';
export { SocialsPage } from './components/socials-page';
