import type { GameNames } from '@league/gamefiles';
import { pickLanguage } from '@league/platform';
import type { SeasonContext } from './context';
import type { Naming } from './stash/records';

/**
 * How a reader sees game names in a season: the published game data of the season's branch (a beta season
 * reads beta's, or prod's until beta has its own) in the reader's language (`Accept-Language`, which the
 * site's language choice sets), falling back to English, then to the tag.
 */
export function namingFor(ctx: SeasonContext, isBeta: boolean, acceptLanguage: string | undefined): Naming {
  const names = ctx.gameData?.names(isBeta ? 'beta' : 'prod');
  return { names, lang: pickLanguage(acceptLanguage, names?.languages ?? []) };
}

/** A killer's name: the game data's creature name when it knows the tag, else what was stored (or the tag). */
export function killerName(naming: Naming, tag: string | null | undefined, stored: string): string {
  const named = tag ? naming.names?.creature(tag, naming.lang) : undefined;
  return named && named !== tag ? named : stored || tag || 'Unknown';
}

const orders = new Map<string, Intl.Collator>();

/**
 * Compares two shown names in the reader's language, as `a.localeCompare(b, lang)` does, through one collator
 * per language: localeCompare with a locale builds a collator on every call (a stash page sorts hundreds).
 */
export function compareNames(a: string, b: string, lang: string): number {
  let order = orders.get(lang);
  if (!order) {
    order = new Intl.Collator(lang);
    orders.set(lang, order);
  }
  return order.compare(a, b);
}

export type { GameNames, Naming };
