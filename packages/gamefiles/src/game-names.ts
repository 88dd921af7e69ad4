// Names from a GameDataSet, per request and per item: every lookup is a Map get, built once per set.
// Fallback per tag: the reader's language → English → the tag itself; a record with no name tag at all
// (or not in the set) is named by its file name.
import {
  ITEM_NAME_ORDER_TAG,
  normaliseRecord,
  type GameAffix,
  type GameDataSet,
  type GameItem,
  type GameSet,
} from './game-data';

const FALLBACK_LANGUAGE = 'en';

/** One position of a full name: which part (0 prefix, 1 quality, 2 style, 3 name, 4 suffix) and whose gender it takes. */
export interface NamePart {
  part: number;
  agreesWith?: number;
}

const DEFAULT_ORDER: readonly NamePart[] = [0, 1, 2, 3, 4].map((part) => ({ part }));

/**
 * Parses tagItemNameOrder: `{%_s0}{%_s1}{%_s2}{%_s3}{%_s4}` (English) or `{%_3a0}{%_3a1}{%_3a2}{%_s3}{%_s4}`
 * (German: parts 0–2 take the form that agrees with part 3, the name).
 */
export function parseNameOrder(order: string | undefined): readonly NamePart[] {
  if (!order) return DEFAULT_ORDER;
  const parts: NamePart[] = [];
  for (const m of order.matchAll(/\{%_([^}]*?)(\d)\}/g)) {
    const agree = /^(\d)a$/.exec(m[1]!);
    parts.push(agree ? { part: Number(m[2]), agreesWith: Number(agree[1]) } : { part: Number(m[2]) });
  }
  return parts.length > 0 ? parts : DEFAULT_ORDER;
}

interface LanguageText {
  tags: Map<string, string>;
  genders: Map<string, string>;
  forms: Map<string, Record<string, string>>;
  order: readonly NamePart[];
}

/** A tag's text and the language it came from (undefined: no language has it). */
interface Resolved {
  text: string;
  lang?: LanguageText;
  key: string;
}

export interface ItemNameParts {
  /** The item's record (a stash item's baseName). */
  base: string;
  /** Its prefix and suffix affix records, when it has them. */
  prefix?: string;
  suffix?: string;
}

/** `en-GB` → `en`. */
const languageKey = (lang: string) => lang.toLowerCase().split(/[-_]/)[0]!;

function fileName(record: string): string {
  const base = record.replace(/\\/g, '/').split('/').pop() ?? record;
  return base.replace(/\.dbr$/i, '');
}

export class GameNames {
  private readonly items = new Map<string, GameItem>();
  private readonly affixes = new Map<string, GameAffix>();
  private readonly sets = new Map<string, GameSet>();
  private readonly texts = new Map<string, LanguageText>();

  constructor(set: GameDataSet) {
    for (const i of set.items) this.items.set(normaliseRecord(i.record), i);
    for (const a of set.affixes) this.affixes.set(normaliseRecord(a.record), a);
    for (const s of set.sets) this.sets.set(normaliseRecord(s.record), s);
    for (const t of set.texts) {
      // Tags compare without case (the game's own lookups do); keys are stored lower-cased.
      const lower = <T>(o: Record<string, T>) => new Map(Object.entries(o).map(([k, v]) => [k.toLowerCase(), v]));
      const tags = lower(t.tags);
      this.texts.set(languageKey(t.language), {
        tags,
        genders: lower(t.genders),
        forms: lower(t.forms),
        order: parseNameOrder(tags.get(ITEM_NAME_ORDER_TAG.toLowerCase())),
      });
    }
  }

  /** Languages the set has text for. */
  get languages(): string[] {
    return [...this.texts.keys()];
  }

  /** What the set knows of an item record (type, rarity, level, tags), compared without case or slash. */
  itemData(record: string): GameItem | undefined {
    return this.items.get(normaliseRecord(record));
  }

  affixData(record: string): GameAffix | undefined {
    return this.affixes.get(normaliseRecord(record));
  }

  /** An item's name (its name tag's text), without quality, style or affixes. */
  item(record: string, lang: string): string {
    const item = this.itemData(record);
    return item?.nameTag ? this.resolve(item.nameTag, lang).text : fileName(record);
  }

  affix(record: string, lang: string): string {
    const affix = this.affixData(record);
    return affix?.nameTag ? this.resolve(affix.nameTag, lang).text : fileName(record);
  }

  /** A set's name, by the set record. */
  set(record: string, lang: string): string {
    const set = this.sets.get(normaliseRecord(record));
    return set?.nameTag ? this.resolve(set.nameTag, lang).text : fileName(record);
  }

  /** A creature's name by its tag (a save's lastMonsterHitBy). */
  creature(tag: string, lang: string): string {
    return this.resolve(tag, lang).text;
  }

  /**
   * The full name in the order of the language's tagItemNameOrder: prefix, quality, style, name, suffix in
   * English; where the order asks a part to agree with the name (German), the part's form of the name's
   * gender. Empty parts and extra spaces are dropped.
   */
  itemName(lang: string, parts: ItemNameParts): string {
    const item = this.itemData(parts.base);
    const affixTag = (record: string | undefined) => {
      if (!record) return undefined;
      const affix = this.affixData(record);
      return affix?.nameTag ? this.resolve(affix.nameTag, lang) : { text: fileName(record), key: '' };
    };
    const tagOf = (tag: string | null | undefined) => (tag ? this.resolve(tag, lang) : undefined);
    const resolved: Array<Resolved | undefined> = [
      affixTag(parts.prefix),
      tagOf(item?.qualityTag),
      tagOf(item?.styleTag),
      item?.nameTag ? this.resolve(item.nameTag, lang) : { text: fileName(parts.base), key: '' },
      affixTag(parts.suffix),
    ];
    const order = (this.texts.get(languageKey(lang)) ?? this.texts.get(FALLBACK_LANGUAGE))?.order ?? DEFAULT_ORDER;
    const words: string[] = [];
    for (const { part, agreesWith } of order) {
      const r = resolved[part];
      if (!r) continue;
      let word = r.text;
      if (agreesWith !== undefined && r.lang) {
        const to = resolved[agreesWith];
        const gender = to?.lang?.genders.get(to.key);
        const form = gender ? r.lang.forms.get(r.key)?.[gender] : undefined;
        if (form !== undefined) word = form;
      }
      if (word) words.push(word);
    }
    return words.join(' ').replace(/\s+/g, ' ').trim();
  }

  private resolve(tag: string, lang: string): Resolved {
    const key = tag.toLowerCase();
    const first = this.texts.get(languageKey(lang));
    const hit = first?.tags.get(key);
    if (hit !== undefined) return { text: hit, lang: first, key };
    const fallback = this.texts.get(FALLBACK_LANGUAGE);
    const en = fallback?.tags.get(key);
    if (en !== undefined) return { text: en, lang: fallback, key };
    return { text: tag, key };
  }
}
