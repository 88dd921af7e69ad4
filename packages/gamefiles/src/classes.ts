import { BASE_CLASSES, DUAL_CLASS_TITLES, type BaseClass } from '@league/contracts';
// The site's 45 class names from a character's class tag (`tagSkillClassName` + two-digit mastery ids,
// lower first). The table mirrors the 9 base classes and 36 dual-class titles of the spec.

/** Mastery ids 01..09 in the game's order: the spec's nine base classes, kept in contracts. */
export const MASTERIES = BASE_CLASSES;
export type Mastery = BaseClass;

/** The 36 dual-class titles, keyed by the two masteries (in mastery-id order) that make them. */
export const DUAL_CLASSES = DUAL_CLASS_TITLES as ReadonlyArray<readonly [Mastery, Mastery, string]>;

/** All 45 class names: the 9 masteries, then the 36 dual-class titles. */
export const CLASS_NAMES: readonly string[] = [...MASTERIES, ...DUAL_CLASSES.map(([, , title]) => title)];

const TAG_PREFIX = 'tagSkillClassName';

export interface ClassInfo {
  /** The site's class name; null when no mastery is chosen yet (empty tag) or the tag is not recognised. */
  className: string | null;
  /** The masteries named by the tag, in tag order. */
  masteries: Mastery[];
}

function masteryOf(id: string): Mastery | undefined {
  if (!/^0[1-9]$/.test(id)) return undefined;
  return MASTERIES[Number(id) - 1];
}

/**
 * Class from a player.gdc class tag: `''` → no mastery; `tagSkillClassName04` → Nightblade;
 * `tagSkillClassName0406` → Trickster (Nightblade + Shaman). The two ids may appear in either order.
 * An unrecognised tag gives `className: null` rather than a guess.
 */
export function classFromTag(tag: string): ClassInfo {
  if (!tag.startsWith(TAG_PREFIX)) return { className: null, masteries: [] };
  const ids = tag.slice(TAG_PREFIX.length);
  if (ids.length === 2) {
    const m = masteryOf(ids);
    return m ? { className: m, masteries: [m] } : { className: null, masteries: [] };
  }
  if (ids.length !== 4) return { className: null, masteries: [] };
  const a = masteryOf(ids.slice(0, 2));
  const b = masteryOf(ids.slice(2));
  if (!a || !b || a === b) return { className: null, masteries: [] };
  const row = DUAL_CLASSES.find(([x, y]) => (x === a && y === b) || (x === b && y === a));
  return row ? { className: row[2], masteries: [a, b] } : { className: null, masteries: [] };
}

/** Inverse of {@link classFromTag}: the tag a class name is saved under (lower mastery id first). */
export function tagFromClass(className: string): string | null {
  const single = MASTERIES.indexOf(className as Mastery);
  if (single >= 0) return `${TAG_PREFIX}${String(single + 1).padStart(2, '0')}`;
  const row = DUAL_CLASSES.find(([, , title]) => title === className);
  if (!row) return null;
  const ids = [MASTERIES.indexOf(row[0]) + 1, MASTERIES.indexOf(row[1]) + 1].sort((x, y) => x - y);
  return `${TAG_PREFIX}${ids.map((n) => String(n).padStart(2, '0')).join('')}`;
}
