// A league's own game files from the project's content: a database (.arz) with item, affix, set and Monster
// records, and one language's text archive (Text_XX.arc) naming them. What extractGameData reads back is what
// was given: names, types (each item's Class is one its type maps from), rarity, levels, styles, sets, creatures.
// For the demo league (`npm start` uploads them as an admin would), tests and benches; never the game's content.
import { ITEM_STYLES, STASH_ITEM_TYPES, type StashItemTypeName } from '@league/contracts';
import { writeArz, type ArzFieldInput, type ArzRecordInput } from './arz';
import { normaliseRecord } from './game-data';
import { classOfItemType } from './item-classes';
import { writeTextArchive } from './text';

export type ItemStyleName = (typeof ITEM_STYLES)[keyof typeof ITEM_STYLES];

export interface GameFilesItem {
  /** The record path a save stores (`records/items/gearweapons/swords1h/a06_sword01.dbr`). */
  record: string;
  /** The item's own name: without its style, quality or set mark, which the site composes around it. */
  name: string;
  /** The spec's item type; the record's Class is the first one of that type (`classOfItemType`). */
  itemType: StashItemTypeName;
  /** `itemClassification` (Common, Magical, Rare, Epic, Legendary, …); left out when absent. */
  rarity?: string;
  levelRequirement?: number;
  style?: ItemStyleName | null;
  /** The record of the set the item belongs to (`itemSetName`). */
  set?: string | null;
}

export interface GameFilesAffix {
  /** Under `records/items/lootaffixes/prefix…/` or `suffix…/`: that is what makes it a prefix or a suffix. */
  record: string;
  /** `lootRandomizerName`'s text (`Fortified`, `of the Bear`). */
  name: string;
  rarity?: string;
  levelRequirement?: number;
}

export interface GameFilesSet {
  record: string;
  name: string;
  members: string[];
}

export interface GameFilesCreature {
  /** The tag a save's `lastMonsterHitBy` holds, and the key of its line in `tags_creatures.txt`. */
  tag: string;
  name: string;
  /** A Monster record whose `description` is the tag; none when the creature is known from the text only. */
  record?: string;
}

export interface GameFilesInput {
  items: readonly GameFilesItem[];
  affixes: readonly GameFilesAffix[];
  sets?: readonly GameFilesSet[];
  creatures: readonly GameFilesCreature[];
  /** The text archive's language (`en`); it names the archive (`gameFileNames`). Default `en`. */
  language?: string;
  /** `tagItemNameOrder`; default the English order (prefix, quality, style, name, suffix). */
  nameOrder?: string;
  /** The text of the style tags in this language; default the English `Empowered` and `Mythical`. */
  styleNames?: Partial<Record<ItemStyleName, string>>;
}

export interface GameFiles {
  arz: Buffer;
  /** The language's text archive: `tags_items.txt` (items, affixes, sets, styles, name order) and `tags_creatures.txt`. */
  arc: Buffer;
  language: string;
}

export const ENGLISH_NAME_ORDER = '{%_s0}{%_s1}{%_s2}{%_s3}{%_s4}';
const STYLE_TAGS = new Map(Object.entries(ITEM_STYLES).map(([tag, style]) => [style as ItemStyleName, tag]));
const AFFIX_PATH = /^records\/items\/lootaffixes\/(prefix|suffix)[^/]*\//;

/** A record's name tag: its path without `records/` and `.dbr`, as one word (`tagLeague_items_gearhead_a10_head01`). */
export const nameTagOf = (record: string): string =>
  `tagLeague_${normaliseRecord(record)
    .replace(/^records\//, '')
    .replace(/\.dbr$/, '')
    .replace(/[^a-z0-9]+/g, '_')}`;

/** The files as a mod names them: `GrimLeagueS07.arz`, `GrimLeagueS07_Text_EN.arc`. */
export function gameFileNames(mod: string, language = 'en'): { arz: string; arc: string } {
  return { arz: `${mod}.arz`, arc: `${mod}_Text_${language.toUpperCase()}.arc` };
}

const str = (key: string, value: string): ArzFieldInput => ({ type: 2, key, values: [value] });
const int = (key: string, value: number): ArzFieldInput => ({ type: 0, key, values: [value] });

/** A value of a text file's `tag=value` line: it must stay on its line. */
function textValue(name: string, what: string): string {
  const value = name.trim();
  if (value === '' || /[\r\n]/.test(value)) throw new Error(`${what}: a name must be one non-empty line`);
  return value;
}

/**
 * Writes the database and the text archive. Throws when an item's type has no Class, an affix is not under
 * lootaffixes/prefix or suffix, a record is given twice, or a name is empty or spans lines.
 */
export function writeGameFiles(input: GameFilesInput): GameFiles {
  const language = (input.language ?? 'en').toLowerCase();
  const records: ArzRecordInput[] = [];
  const seen = new Set<string>();
  const itemText = new Map<string, string>([['tagItemNameOrder', input.nameOrder ?? ENGLISH_NAME_ORDER]]);
  const creatureText = new Map<string, string>();
  const add = (record: ArzRecordInput) => {
    const key = normaliseRecord(record.name);
    if (seen.has(key)) throw new Error(`${record.name} is given twice`);
    seen.add(key);
    records.push(record);
  };

  for (const item of input.items) {
    const cls = classOfItemType(item.itemType);
    if (!cls) throw new Error(`${item.record}: item type ${JSON.stringify(item.itemType)} has no Class`);
    const tag = nameTagOf(item.record);
    itemText.set(tag, textValue(item.name, item.record));
    const fields = [str('itemNameTag', tag)];
    if (item.rarity) fields.push(str('itemClassification', item.rarity));
    if (item.levelRequirement !== undefined) fields.push(int('levelRequirement', item.levelRequirement));
    if (item.style) {
      const styleTag = STYLE_TAGS.get(item.style)!;
      fields.push(str('itemStyleTag', styleTag));
      itemText.set(styleTag, textValue(input.styleNames?.[item.style] ?? item.style, styleTag));
    }
    if (item.set) fields.push(str('itemSetName', item.set));
    add({ name: item.record, type: cls, fields });
  }

  for (const affix of input.affixes) {
    if (!AFFIX_PATH.test(normaliseRecord(affix.record)))
      throw new Error(`${affix.record}: an affix record lies under records/items/lootaffixes/prefix… or suffix…`);
    const tag = nameTagOf(affix.record);
    itemText.set(tag, textValue(affix.name, affix.record));
    const fields = [str('lootRandomizerName', tag)];
    if (affix.rarity) fields.push(str('itemClassification', affix.rarity));
    if (affix.levelRequirement !== undefined) fields.push(int('levelRequirement', affix.levelRequirement));
    add({ name: affix.record, type: 'LootRandomizer', fields });
  }

  for (const set of input.sets ?? []) {
    const tag = nameTagOf(set.record);
    itemText.set(tag, textValue(set.name, set.record));
    const fields = [str('setName', tag)];
    if (set.members.length) fields.push({ type: 2, key: 'setMembers', values: set.members });
    add({ name: set.record, type: 'ItemSet', fields });
  }

  for (const creature of input.creatures) {
    if (!/^[^\s=#/][^\s=]*$/.test(creature.tag))
      throw new Error(`creature tag ${JSON.stringify(creature.tag)} is not one word`);
    creatureText.set(creature.tag, textValue(creature.name, creature.tag));
    if (creature.record) add({ name: creature.record, type: 'Monster', fields: [str('description', creature.tag)] });
  }

  return {
    arz: writeArz(records),
    arc: writeTextArchive({ 'tags_items.txt': itemText, 'tags_creatures.txt': creatureText }),
    language,
  };
}

/** A row of the season's item-record table (services/season/data/stash/item-records.json). */
export interface ItemRecordRow {
  record: string;
  kind: 'base' | 'affix';
  name: string;
  rarity: string;
  itemType: string | null;
  levelRequirement: number;
  /** The style tag (`tagStyleUniqueTier3`). */
  style?: string | null;
}

/** A monster of the catalogue's encounters (services/season/data/catalogue/encounters.json), minions nested. */
export interface CatalogueMonster {
  key: string;
  name: string;
  minions?: CatalogueMonster[];
}

/** The set mark the item-record table ends a set item's name with (the site adds it from the set). */
const SET_MARK = ' (S)';
const fileNameOf = (record: string) =>
  normaliseRecord(record)
    .split('/')
    .pop()!
    .replace(/\.dbr$/, '');

/**
 * The demo league's game files from the project's own catalogue: the item-record table's base items (each of
 * its type; a name that starts with its style's word or ends with the set mark `(S)` is stored without them,
 * so the name the site composes is the table's) and affixes, a set per set item (named as the item, its
 * only member: the table names no sets), and every monster and minion
 * of the encounters as a creature whose tag is its catalogue key (the key the kill tracker knows it by), with
 * a Monster record `records/creatures/league/<key>.dbr`.
 */
export function catalogueGameFiles(
  itemRecords: readonly ItemRecordRow[],
  encounters: ReadonlyArray<{ monsters: readonly CatalogueMonster[] }>,
): GameFilesInput {
  const items: GameFilesItem[] = [];
  const affixes: GameFilesAffix[] = [];
  const sets: GameFilesSet[] = [];
  for (const row of itemRecords) {
    if (row.kind === 'affix') {
      affixes.push({ record: row.record, name: row.name, rarity: row.rarity, levelRequirement: row.levelRequirement });
      continue;
    }
    if (!row.itemType || !(STASH_ITEM_TYPES as readonly string[]).includes(row.itemType))
      throw new Error(`${row.record}: ${JSON.stringify(row.itemType)} is not an item type`);
    const style = row.style ? ((ITEM_STYLES as Record<string, ItemStyleName>)[row.style] ?? null) : null;
    let name = row.name;
    if (style && name.startsWith(`${style} `)) name = name.slice(style.length + 1);
    let set: string | null = null;
    if (name.endsWith(SET_MARK)) {
      name = name.slice(0, -SET_MARK.length);
      set = `records/items/lootsets/league_${fileNameOf(row.record)}.dbr`;
      sets.push({ record: set, name, members: [row.record] });
    }
    items.push({
      record: row.record,
      name,
      itemType: row.itemType as StashItemTypeName,
      rarity: row.rarity,
      levelRequirement: row.levelRequirement,
      style,
      set,
    });
  }
  const creatures: GameFilesCreature[] = [];
  const visit = (m: CatalogueMonster) => {
    creatures.push({ tag: m.key, name: m.name, record: `records/creatures/league/${m.key}.dbr` });
    for (const minion of m.minions ?? []) visit(minion);
  };
  for (const encounter of encounters) for (const m of encounter.monsters) visit(m);
  return { items, affixes, sets, creatures, language: 'en' };
}
