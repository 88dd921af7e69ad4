/** The ladder kinds of spec §3: seasonTypeId 1 trading, 2 hardcore solo self-found (kill tracker). */
export const SEASON_TYPE_NAMES: Record<number, string> = { 1: 'SC Trade', 2: 'HC SSF' };

/** 'Season 7 HC SSF' from 'Season 7': the ladders of one season share a display name. */
export function ladderName(season: { displayName: string; seasonTypeId: number }): string {
  const type = SEASON_TYPE_NAMES[season.seasonTypeId];
  if (!type || season.displayName.includes(type)) return season.displayName;
  return `${season.displayName} ${type}`;
}
