import type { AdminChallenge } from './api/admin-types';

export const DIFFICULTY_NAMES = ['Normal', 'Elite', 'Ultimate'] as const;

export const CHALLENGE_TYPE_NAMES: Record<number, string> = {
  1: 'Single',
  2: 'Level Based',
  3: 'Inverse Level Based',
  4: 'Scaling',
};
export const SCALING_TYPE = 4;

/** Only a Scaling challenge (type 4) takes a threshold (spec §5). */
export function takesThreshold(challengeTypeId: number): boolean {
  return challengeTypeId === SCALING_TYPE;
}

export function splitDifficulties(value: string): string[] {
  return value ? value.split('+').filter(Boolean) : [];
}

/** Normal, Elite, Ultimate in that order, joined by '+'. */
export function joinDifficulties(list: readonly string[]): string {
  return DIFFICULTY_NAMES.filter((d) => list.includes(d)).join('+');
}

/** Moves one entry from one index to another. */
export function moveEntry<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** The 1-based display order of every saved challenge, by its position in the list. */
export function displayOrderOf(list: readonly AdminChallenge[]) {
  return list
    .map((c, index) => ({ seasonChallengeId: c.seasonChallengeId, displayOrder: index + 1 }))
    .filter((entry) => entry.seasonChallengeId !== 0);
}

export function newChallenge(seasonId: number, position: number, challengeCategoryId: number): AdminChallenge {
  return {
    seasonChallengeId: 0,
    seasonId,
    challengeName: '',
    questTag: null,
    difficulties: 'Normal',
    maxLevel: 100,
    challengeCategoryId,
    categoryName: '',
    challengeTypeId: 1,
    scalingThreshold: null,
    pointValue: 0,
    displayOrder: position,
  };
}
