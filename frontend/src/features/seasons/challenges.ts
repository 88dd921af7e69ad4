import { SEASON_TYPE_NAMES } from '@/lib/ladder-name';
import type { Season, SeasonChallenge } from './api/season-types';

export { ladderName, SEASON_TYPE_NAMES } from '@/lib/ladder-name';

export const TIEBREAKERS = 'Tiebreakers';
export const SHATTERED_REALM = 'Shattered Realm';

/** Level-limit texts of the spec (§5). */
export const LEVEL_LIMIT_TEXT = 'your character cannot be higher level than the target in order to earn points';
export const SR_TIMER_TEXT = 'SR Challenges must be completed within the SR timer';
export const SR_START_TEXT = '(Must start SR at or below level 25)';

export const CHALLENGE_TYPE_NAMES: Record<number, string> = {
  1: 'Single',
  2: 'Level Based',
  3: 'Inverse Level Based',
  4: 'Scaling',
};

export function seasonTypeName(season: Pick<Season, 'seasonTypeId'>): string {
  return SEASON_TYPE_NAMES[season.seasonTypeId] ?? `Type ${season.seasonTypeId}`;
}

export interface ChallengeGroup {
  categoryName: string;
  challenges: SeasonChallenge[];
}

/** Challenges grouped by category in display order, Tiebreakers last. */
export function groupByCategory(challenges: readonly SeasonChallenge[]): ChallengeGroup[] {
  const sorted = [...challenges].sort(
    (a, b) => a.displayOrder - b.displayOrder || a.seasonChallengeId - b.seasonChallengeId,
  );
  const groups = new Map<string, SeasonChallenge[]>();
  for (const challenge of sorted) {
    const list = groups.get(challenge.categoryName);
    if (list) list.push(challenge);
    else groups.set(challenge.categoryName, [challenge]);
  }
  const all = [...groups].map(([categoryName, list]) => ({ categoryName, challenges: list }));
  return [...all.filter((g) => g.categoryName !== TIEBREAKERS), ...all.filter((g) => g.categoryName === TIEBREAKERS)];
}

/** A level-limited challenge: shown with a 'Max' label and the level-limit text. */
export function isLevelLimited(challenge: Pick<SeasonChallenge, 'maxLevel'>): boolean {
  return challenge.maxLevel < 100;
}

/** The name as shown: the Shattered Realm 65 challenge carries its start-level rule. */
export function challengeTitle(challenge: Pick<SeasonChallenge, 'challengeName'>): string {
  const name = challenge.challengeName;
  if (/shattered realm 65/i.test(name) && !name.includes(SR_START_TEXT)) return `${name} ${SR_START_TEXT}`;
  return name;
}

/** The level-limit notes that apply to one challenge (spec §5). */
export function levelLimitNotes(challenge: Pick<SeasonChallenge, 'maxLevel' | 'categoryName'>): string[] {
  if (!isLevelLimited(challenge)) return [];
  const notes = [LEVEL_LIMIT_TEXT];
  if (challenge.categoryName === SHATTERED_REALM) notes.push(SR_TIMER_TEXT);
  return notes;
}

/** 'Normal+Elite' → 'Normal, Elite'. */
export function difficultiesText(difficulties: string): string {
  return difficulties
    .split('+')
    .filter((d) => d.trim() !== '')
    .join(', ');
}
