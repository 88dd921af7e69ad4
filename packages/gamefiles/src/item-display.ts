// An item's display from the published game data, over what a service knew before (its own record table,
// or the display season sent with the item): one place where season's stash and trade's listings name items.
import { ITEM_STYLES, type ItemDisplay } from '@league/contracts';
import type { GameNames } from './game-names';

/** The style tag a display carries (the frontend names it): the game's tag for Empowered or Mythical. */
const STYLE_TAGS = new Map(Object.entries(ITEM_STYLES).map(([tag, style]) => [style as string, tag]));

/** The marker the site's item displays carry on a set item's name (the frontend shows it as a set badge). */
export const SET_MARK = '(S)';

export interface ItemRecords {
  /** The base item's record (a stash item's `name`). */
  base: string;
  prefix?: string | null;
  suffix?: string | null;
}

export interface NamedItem {
  itemDisplay: ItemDisplay;
  /** The full name in the reader's language, in the order the language composes names. */
  itemName: string;
  /** Whether the game data knew the base item (type, rarity and level then come from it). */
  known: boolean;
}

/**
 * The display of an item in `lang`: every part the game data holds (base item, prefix, suffix) takes its name,
 * and the base its type, rarity, level requirement, style and set mark, from the game data; a part it does not
 * hold keeps the fallback's. The level shown is the highest of the three, as the site always shows it. The
 * full name is the game's composition (prefix, quality, style, name, suffix in the language's order) when the
 * game data holds every part, else the parts joined.
 */
export function namedItem(
  names: GameNames | undefined,
  lang: string,
  records: ItemRecords,
  fallback: { itemDisplay: ItemDisplay; itemName: string },
): NamedItem {
  const base = names?.itemData(records.base);
  const prefix = records.prefix ? names?.affixData(records.prefix) : undefined;
  const suffix = records.suffix ? names?.affixData(records.suffix) : undefined;
  if (!names || (!base && !prefix && !suffix)) return { ...fallback, known: false };
  const f = fallback.itemDisplay;
  const affix = (
    record: string | null | undefined,
    data: typeof prefix,
    old: ItemDisplay['prefix'],
  ): ItemDisplay['prefix'] => {
    if (!record) return null;
    if (!data) return old;
    return {
      itemDbrTag: { name: names.affix(record, lang) },
      rarity: data.rarity ?? old?.rarity ?? 'Magical',
      levelRequirement: data.levelRequirement ?? old?.levelRequirement ?? 0,
    };
  };
  const p = affix(records.prefix, prefix, f.prefix);
  const s = affix(records.suffix, suffix, f.suffix);
  const baseName = base
    ? `${names.itemName(lang, { base: records.base })}${base.set ? ` ${SET_MARK}` : ''}`
    : f.baseItem.itemDbrTag.name;
  const baseLevel = base ? base.levelRequirement : f.baseItem.levelRequirement;
  const itemDisplay: ItemDisplay = {
    baseItem: {
      itemDbrTag: { name: baseName },
      rarity: base ? base.rarity : f.baseItem.rarity,
      style: base ? (base.style ? (STYLE_TAGS.get(base.style) ?? null) : null) : f.baseItem.style,
      itemTypeId: base ? (base.itemTypeId ?? f.baseItem.itemTypeId) : f.baseItem.itemTypeId,
      levelRequirement: Math.max(baseLevel, p?.levelRequirement ?? 0, s?.levelRequirement ?? 0),
    },
    prefix: p,
    suffix: s,
    itemType: base ? (base.itemType ?? f.itemType) : f.itemType,
  };
  const whole = Boolean(base) && (!records.prefix || prefix) && (!records.suffix || suffix);
  const itemName = whole
    ? names.itemName(lang, {
        base: records.base,
        prefix: records.prefix ?? undefined,
        suffix: records.suffix ?? undefined,
      })
    : [p?.itemDbrTag.name, baseName.replace(SET_MARK, '').trim(), s?.itemDbrTag.name].filter(Boolean).join(' ');
  return { itemDisplay, itemName, known: Boolean(base) };
}
