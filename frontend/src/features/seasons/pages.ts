// The season pages, one lazily loaded chunk (see routes.tsx; the leaderboard, and death analytics with its
// charts, are others).
export { BuildsPage } from './components/builds-page';
export { KillTrackerPage } from './components/kill-tracker-page';
export { ParticipantPage } from './components/participant-page';
export { PreviousSeasonPage } from './components/previous-season-page';
export { PreviousSeasonsPage } from './components/previous-seasons-page';
export { ScreenshotsPage } from './components/screenshots-page';
export { SeasonPage } from './components/season-page';
export { SeasonsPage } from './components/seasons-page';
export { SocialsPage } from './components/socials-page';
