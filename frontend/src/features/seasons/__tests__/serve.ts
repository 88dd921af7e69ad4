import { main } from '@/test/serve';

export { bodiesSent, calls, main, serve } from '@/test/serve';

export function challenge(
  seasonChallengeId: number,
  challengeName: string,
  categoryName: string,
  extra: Partial<{
    maxLevel: number;
    pointValue: number;
    difficulties: string;
    displayOrder: number;
    challengeTypeId: number;
    challengeCategoryId: number;
  }> = {},
) {
  const categoryIds: Record<string, number> = {
    Campaign: 1,
    Bosses: 2,
    'Shattered Realm': 3,
    Crucible: 4,
    Collections: 5,
    Tiebreakers: 6,
  };
  return {
    seasonChallengeId,
    seasonId: 19,
    challengeName,
    questTag: null,
    difficulties: 'Ultimate',
    maxLevel: 100,
    challengeCategoryId: categoryIds[categoryName] ?? 9,
    categoryName,
    challengeTypeId: 1,
    scalingThreshold: null,
    pointValue: 10,
    displayOrder: seasonChallengeId,
    ...extra,
  };
}

/** The table row holding a text (faster than a row query by accessible name). */
export function rowOf(text: RegExp): HTMLElement {
  const cell = main().getByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return row as HTMLElement;
}
