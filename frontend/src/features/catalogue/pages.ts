// The catalogue pages, one lazily loaded chunk (see routes.tsx).
export { BoundlessMutatorsPage } from './components/boundless-mutators-page';
export { EncountersPage } from './components/encounters-page';
export { MonsterDetailPage } from './components/monster-detail-page';
export { MonstersPage } from './components/monsters-page';
