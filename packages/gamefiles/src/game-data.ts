// What the site needs from a league's game files, read as a stream (FORMATS.md "Names from the game data"):
// items, affixes, sets and creatures from the database, and, per language, only the text those reference.
// The result is plain JSON: it is written to object storage and read back by other services.
import type { StashItemTypeName } from '@league/contracts';
import { ArcArchive, type ArcEntry } from './arc';
import { ArzDatabase, type ArzRecord, type ArzValue } from './arz';
import { FormatError } from './errors';
import { isItemClass, itemTypeId, itemTypeOfClass } from './item-classes';
import type { RandomAccess } from './random-access';
import { decodeText, parseTextValue, readTextFile } from './text';

export const GAME_DATA_VERSION = 1;
/** The tag whose value orders the parts of a full item name. */
export const ITEM_NAME_ORDER_TAG = 'tagItemNameOrder';
/** Non-fatal problems kept in the stats; the rest are counted. */
const MAX_PROBLEMS = 200;

export interface GameItem {
  /** Normalised record path (lower case, forward slashes): the key saves and stashes store. */
  record: string;
  class: string;
  /** The spec's item type (stash list 0–37) of the Class; null for a Class we do not know. */
  itemType: StashItemTypeName | null;
  itemTypeId: number | null;
  /** `itemClassification` (Common, Magical, Rare, Epic, Legendary, Quest, …); Common when absent. */
  rarity: string;
  /** `levelRequirement`; 0 when absent. */
  levelRequirement: number;
  /** From `itemStyleTag`: tagStyleUniqueTier2 → Empowered, tagStyleUniqueTier3 → Mythical, else null. */
  style: 'Empowered' | 'Mythical' | null;
  /** `itemNameTag`, or `description` for the kinds that name themselves there (components, relics, potions). */
  nameTag: string | null;
  qualityTag: string | null;
  styleTag: string | null;
  /** The set record (`itemSetName`), normalised; null when the item is in no set. */
  set: string | null;
}

export interface GameAffix {
  record: string;
  kind: 'prefix' | 'suffix';
  /** `lootRandomizerName`. */
  nameTag: string | null;
  /** `itemClassification` where the record has it (Magical, Rare, …). */
  rarity: string | null;
  levelRequirement: number | null;
}

export interface GameSet {
  record: string;
  /** `setName`. */
  nameTag: string | null;
  /** `setMembers`, normalised. */
  members: string[];
}

export interface GameCreature {
  /** The creature's tag, as a save's `lastMonsterHitBy` holds it (`tagHeroGhostH05`). */
  tag: string;
  /** Monster records whose `description` is this tag (none for a creature known only from the text). */
  records: string[];
}

/** One language's text: only the tags the rest of the set references, and tagItemNameOrder. */
export interface GameText {
  language: string;
  /** Tag → shown text (markers and colour codes removed; a value with several forms shows its first). */
  tags: Record<string, string>;
  /** Tag → the marker a value starts with (a noun's gender and number: `ns`), where it has one. */
  genders: Record<string, string>;
  /** Tag → marker → form, for values with several forms (adjectives: prefixes, qualities, styles). */
  forms: Record<string, Record<string, string>>;
}

export interface GameDataStats {
  /** Records in the database's record table. */
  records: number;
  /** Records decompressed and decoded (the others were skipped by Class and path). */
  recordsDecoded: number;
  items: number;
  affixes: number;
  sets: number;
  creatures: number;
  languages: string[];
  /** Non-fatal problems (a missing field and the fallback taken), the first 200. */
  problems: string[];
  problemCount: number;
}

export interface GameDataSet {
  version: typeof GAME_DATA_VERSION;
  items: GameItem[];
  affixes: GameAffix[];
  sets: GameSet[];
  creatures: GameCreature[];
  texts: GameText[];
  stats: GameDataStats;
}

export interface GameDataSources {
  /** The game database; without one, the set holds creatures and text only. */
  arz?: RandomAccess;
  /** Text archives with their language (`languageOfArchive(fileName)`); a later archive of the same language overrides an earlier one's tags. */
  texts: Array<{ language: string; src: RandomAccess; name?: string }>;
}

/** Lower case and forward slashes: how every record path is compared. */
export const normaliseRecord = (path: string): string => path.replace(/\\/g, '/').toLowerCase();

/**
 * The language of a text archive from its file name as the game names them: `Text_EN.arc` → `en`,
 * `GrimLeagueS07_Text_DE.arc` → `de`; null when the name does not say.
 */
export function languageOfArchive(fileName: string): string | null {
  const base = fileName.replace(/\\/g, '/').split('/').pop() ?? '';
  const m = /(?:^|_)text_([a-z]{2,3})\.arc$/i.exec(base);
  return m ? m[1]!.toLowerCase() : null;
}

const STYLES: Readonly<Record<string, GameItem['style']>> = {
  tagstyleuniquetier2: 'Empowered',
  tagstyleuniquetier3: 'Mythical',
};

/** Text files of an archive: `tags*.txt` anywhere (base game, `aom/tagsgdx1_…`, `fg/tagsgdx2_…`). */
const isTagsFile = (name: string) => /^tags[^/]*\.txt$/i.test(name.split('/').pop() ?? '');
/** Creature files: `tags_creatures*.txt`, `tagsgdx1_creatures*.txt`, … */
const isCreatureFile = (name: string) => /^tags[a-z0-9]*_creatures[^/]*\.txt$/i.test(name.split('/').pop() ?? '');
/** Affix records: `records/items/lootaffixes/prefix…/` or `suffix…/`. */
const AFFIX_PATH = /^records\/items\/lootaffixes\/(prefix|suffix)[^/]*\//;
const SET_PATH = /\/lootsets\//;

// Only these fields are decoded out of a kept record; the rest are skipped by their lengths.
const WANTED_FIELDS = new Set([
  'itemNameTag',
  'description',
  'itemClassification',
  'levelRequirement',
  'itemQualityTag',
  'itemStyleTag',
  'itemSetName',
  'lootRandomizerName',
  'setName',
  'setMembers',
]);

class Problems {
  readonly list: string[] = [];
  count = 0;
  add(message: string): void {
    this.count++;
    if (this.list.length < MAX_PROBLEMS) this.list.push(message);
  }
}

const text = (v: ArzValue[] | undefined): string | null => {
  const s = v?.[0];
  return typeof s === 'string' && s.trim() !== '' ? s.trim() : null;
};
const num = (v: ArzValue[] | undefined): number | null => {
  const n = v?.[0];
  if (typeof n === 'number' && Number.isFinite(n)) return n;
  if (typeof n === 'string' && n.trim() !== '' && Number.isFinite(Number(n))) return Number(n);
  return null;
};

function toItem(r: ArzRecord, problems: Problems): GameItem {
  const f = r.fields;
  const record = normaliseRecord(r.name);
  const itemType = itemTypeOfClass(r.class);
  if (!itemType) problems.add(`${record}: Class ${r.class} has no item type; its type is null`);
  const nameTag = text(f.itemNameTag) ?? text(f.description);
  if (!nameTag) problems.add(`${record}: no itemNameTag or description; named by its file name`);
  const styleTag = text(f.itemStyleTag);
  const level = num(f.levelRequirement);
  return {
    record,
    class: r.class,
    itemType,
    itemTypeId: itemType ? itemTypeId(itemType) : null,
    rarity: text(f.itemClassification) ?? 'Common',
    levelRequirement: level ?? 0,
    style: (styleTag && STYLES[styleTag.toLowerCase()]) || null,
    nameTag,
    qualityTag: text(f.itemQualityTag),
    styleTag,
    set: text(f.itemSetName) ? normaliseRecord(text(f.itemSetName)!) : null,
  };
}

function toAffix(r: ArzRecord, kind: GameAffix['kind'], problems: Problems): GameAffix {
  const record = normaliseRecord(r.name);
  const nameTag = text(r.fields.lootRandomizerName);
  if (!nameTag) problems.add(`${record}: affix without lootRandomizerName; named by its file name`);
  return {
    record,
    kind,
    nameTag,
    rarity: text(r.fields.itemClassification),
    levelRequirement: num(r.fields.levelRequirement),
  };
}

function toSet(r: ArzRecord, problems: Problems): GameSet {
  const record = normaliseRecord(r.name);
  const nameTag = text(r.fields.setName);
  if (!nameTag) problems.add(`${record}: set without setName; named by its file name`);
  const members = (r.fields.setMembers ?? []).filter((m): m is string => typeof m === 'string' && m !== '');
  return { record, nameTag, members: members.map(normaliseRecord) };
}

interface DatabasePart {
  items: GameItem[];
  affixes: GameAffix[];
  sets: GameSet[];
  monsters: Map<string, string[]>;
  records: number;
  decoded: number;
}

async function readDatabase(src: RandomAccess, problems: Problems): Promise<DatabasePart> {
  const db = await ArzDatabase.open(src);
  const part: DatabasePart = {
    items: [],
    affixes: [],
    sets: [],
    monsters: new Map(),
    records: db.recordCount,
    decoded: 0,
  };
  const sets = new Map<string, GameSet>();
  const kindOf = (path: string) => AFFIX_PATH.exec(path)?.[1] as GameAffix['kind'] | undefined;
  const isSet = (path: string, cls: string) => cls === 'ItemSet' || SET_PATH.test(path);
  const want = (name: string, cls: string) => {
    const path = normaliseRecord(name);
    return cls === 'Monster' || isItemClass(cls) || kindOf(path) !== undefined || isSet(path, cls);
  };
  for await (const r of db.records(want, { fields: WANTED_FIELDS })) {
    part.decoded++;
    const path = normaliseRecord(r.name);
    const kind = kindOf(path);
    if (kind) part.affixes.push(toAffix(r, kind, problems));
    else if (r.class === 'Monster') {
      const tag = text(r.fields.description);
      if (!tag) problems.add(`${path}: Monster without description; no creature tag`);
      else part.monsters.set(tag, [...(part.monsters.get(tag) ?? []), path]);
    } else if (isItemClass(r.class)) part.items.push(toItem(r, problems));
    else if (isSet(path, r.class)) sets.set(path, toSet(r, problems));
  }
  // A set record outside lootsets/ is read by name once an item points at it.
  const missing = new Set(part.items.map((i) => i.set).filter((s): s is string => s !== null && !sets.has(s)));
  if (missing.size > 0) {
    for (const entry of db.entries()) {
      const path = normaliseRecord(entry.name);
      if (!missing.has(path)) continue;
      missing.delete(path);
      part.decoded++;
      sets.set(path, toSet(await db.record(entry, { fields: WANTED_FIELDS }), problems));
    }
    for (const path of missing) problems.add(`${path}: set record named by an item is not in the database`);
  }
  part.sets = [...sets.values()];
  return part;
}

interface ArchiveText {
  language: string;
  tags: Map<string, string>;
  creatures: Set<string>;
}

/** The `tags*.txt` files of a text archive; a text archive without any is refused (`what` names it). */
export function textFilesOf(arc: ArcArchive, what: string): ArcEntry[] {
  const files = arc.files().filter((e) => isTagsFile(e.name));
  if (files.length === 0) throw new FormatError(`${what} has no tags_ text files`);
  return files;
}

async function readArchiveText(source: GameDataSources['texts'][number], problems: Problems): Promise<ArchiveText> {
  const what = source.name ?? `text archive (${source.language})`;
  let arc: ArcArchive;
  try {
    arc = await ArcArchive.open(source.src);
  } catch (err) {
    throw new FormatError(`${what}: ${(err as Error).message}`);
  }
  const files = textFilesOf(arc, what);
  const tags = new Map<string, string>();
  const creatures = new Set<string>();
  for (const entry of files) {
    let data: Buffer;
    try {
      data = await arc.read(entry);
    } catch (err) {
      throw new FormatError(`${what}: ${(err as Error).message}`);
    }
    if (!decodeText(data).utf8) problems.add(`${what} ${entry.name}: not UTF-8, read as Latin-1`);
    if (isCreatureFile(entry.name)) {
      for (const [tag, value] of readTextFile(data)) {
        tags.set(tag, value);
        creatures.add(tag);
      }
    } else readTextFile(data, tags);
  }
  return { language: source.language, tags, creatures };
}

/**
 * Streams the database's records (decompressing only items, affixes, sets and monsters) and each text
 * archive's tags files, and keeps what the site needs. Throws FormatError when the database or an archive
 * cannot be read, or an archive has no tags_ files; a record missing a field gets a fallback and a problem.
 */
export async function extractGameData(sources: GameDataSources): Promise<GameDataSet> {
  const problems = new Problems();
  const db: DatabasePart = sources.arz
    ? await readDatabase(sources.arz, problems)
    : { items: [], affixes: [], sets: [], monsters: new Map(), records: 0, decoded: 0 };

  // Archives of one language merge in the order given (a mod's text over the base game's).
  const byLanguage = new Map<string, ArchiveText>();
  for (const source of sources.texts) {
    const read = await readArchiveText(source, problems);
    const language = source.language.toLowerCase();
    const seen = byLanguage.get(language);
    if (!seen) byLanguage.set(language, { ...read, language });
    else {
      for (const [tag, value] of read.tags) seen.tags.set(tag, value);
      for (const tag of read.creatures) seen.creatures.add(tag);
    }
  }

  const creatureTags = new Map<string, string[]>(db.monsters);
  for (const t of byLanguage.values())
    for (const tag of t.creatures) if (!creatureTags.has(tag)) creatureTags.set(tag, []);
  const creatures: GameCreature[] = [...creatureTags].map(([tag, records]) => ({ tag, records }));

  const wanted = new Set<string>([ITEM_NAME_ORDER_TAG, ...creatureTags.keys()]);
  for (const i of db.items) for (const t of [i.nameTag, i.qualityTag, i.styleTag]) if (t) wanted.add(t);
  for (const a of db.affixes) if (a.nameTag) wanted.add(a.nameTag);
  for (const s of db.sets) if (s.nameTag) wanted.add(s.nameTag);

  const texts: GameText[] = [];
  for (const t of byLanguage.values()) {
    const out: GameText = { language: t.language, tags: {}, genders: {}, forms: {} };
    for (const tag of wanted) {
      const raw = t.tags.get(tag);
      if (raw === undefined) continue;
      if (tag === ITEM_NAME_ORDER_TAG) {
        out.tags[tag] = raw;
        continue;
      }
      const value = parseTextValue(raw);
      out.tags[tag] = value.text;
      if (value.gender) out.genders[tag] = value.gender;
      if (value.forms) out.forms[tag] = value.forms;
    }
    if (out.tags[ITEM_NAME_ORDER_TAG] === undefined) {
      problems.add(`${t.language}: no ${ITEM_NAME_ORDER_TAG}; full names use prefix, quality, style, name, suffix`);
    }
    texts.push(out);
  }

  return {
    version: GAME_DATA_VERSION,
    items: db.items,
    affixes: db.affixes,
    sets: db.sets,
    creatures,
    texts,
    stats: {
      records: db.records,
      recordsDecoded: db.decoded,
      items: db.items.length,
      affixes: db.affixes.length,
      sets: db.sets.length,
      creatures: creatures.length,
      languages: texts.map((t) => t.language),
      problems: problems.list,
      problemCount: problems.count,
    },
  };
}
