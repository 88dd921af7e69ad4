import {
  currencyOfRecord,
  STASH_ITEM_TYPES,
  type ItemDisplay,
  type ItemStatLine,
  type StashRarityFilter,
} from '@league/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { namedItem, type GameNames } from '@league/gamefiles';
import { isDuplicateKey, type Logger } from '@league/platform';
import type { ItemRecordDoc, LauncherItemDoc, StashModels } from '../../data/stash/models';

/** `services/season/data/stash/item-records.json`, from `src/domain/stash` (tests) and `dist/domain/stash` alike. */
export const ITEM_RECORDS_FILE = path.resolve(__dirname, '../../../data/stash/item-records.json');

/** Game record paths compare case-insensitively, with either slash. */
export const recordKey = (record: string) => record.replace(/\\/g, '/').trim().toLowerCase();

interface SeedRecord {
  record: string;
  kind: 'base' | 'affix';
  name: string;
  rarity: string;
  itemType: string | null;
  levelRequirement: number;
  style?: string;
  monsterInfrequent?: boolean;
  tradable?: boolean;
  statTags?: string[];
  statLines?: ItemStatLine[];
}

/** The file name of a record without folder and extension ("records/x/a01_ring.dbr" → "a01_ring"). */
const fileName = (record: string) =>
  record
    .replace(/\\/g, '/')
    .split('/')
    .pop()!
    .replace(/\.dbr$/i, '');

/**
 * The item-record table: game record path → display (name, rarity, type, level, style, stat tags). Kept in
 * the `itemRecords` collection, seeded from services/season/data/stash/item-records.json (missing records only, so an
 * admin's later edits stay) and held in memory. A record not in the table shows its file name, and is
 * logged once per process.
 */
export class RecordTable {
  private byKey = new Map<string, ItemRecordDoc>();
  private reported = new Set<string>();

  constructor(
    private readonly models: StashModels,
    private readonly logger: Logger,
  ) {}

  async load(): Promise<void> {
    const existing = new Set(
      (await this.models.ItemRecord.find({}, { _id: 1 }).lean<Array<{ _id: string }>>()).map((r) => r._id),
    );
    const seedRecords = JSON.parse(fs.readFileSync(ITEM_RECORDS_FILE, 'utf8')) as SeedRecord[];
    const missing = seedRecords
      .map((r): ItemRecordDoc => ({
        _id: recordKey(r.record),
        name: r.name,
        rarity: r.rarity,
        kind: r.kind,
        itemType: r.itemType,
        levelRequirement: r.levelRequirement,
        style: r.style ?? null,
        monsterInfrequent: r.monsterInfrequent ?? false,
        tradable: r.tradable ?? true,
        statTags: r.statTags ?? [],
        statLines: r.statLines ?? [],
      }))
      .filter((r) => !existing.has(r._id));
    if (missing.length)
      await this.models.ItemRecord.collection.insertMany(missing as never, { ordered: false }).catch((err) => {
        if (!isDuplicateKey(err)) throw err; // another process seeded the same rows
      });
    const all = await this.models.ItemRecord.find({}).lean<ItemRecordDoc[]>();
    this.byKey = new Map(all.map((r) => [r._id, r]));
  }

  get size() {
    return this.byKey.size;
  }

  lookup(record: string, kind: 'base' | 'affix'): ItemRecordDoc {
    const key = recordKey(record);
    const found = this.byKey.get(key);
    if (found) return found;
    const currency = currencyOfRecord(record);
    if (currency)
      return {
        _id: key,
        name: currency,
        rarity: 'Common',
        kind,
        itemType: 'Consumable',
        levelRequirement: 0,
        style: null,
        monsterInfrequent: false,
        tradable: true,
        statTags: [],
        statLines: [],
      };
    if (!this.reported.has(key)) {
      this.reported.add(key);
      this.logger.warn({ record }, 'stash item record is not in the item-record table; showing its file name');
    }
    return {
      _id: key,
      name: fileName(record),
      rarity: kind === 'base' ? 'Common' : 'Magical',
      kind,
      itemType: null,
      levelRequirement: 0,
      style: null,
      monsterInfrequent: false,
      tradable: true,
      statTags: [],
      statLines: [],
    };
  }
}

export interface ResolvedItem {
  itemDisplay: ItemDisplay;
  itemName: string;
  statTags: string[];
  statLines: ItemStatLine[];
  tradable: boolean;
  rarityFilter: StashRarityFilter;
  /** Base, prefix and suffix records: items with the same key are duplicates. */
  duplicateKey: string;
}

/** The published game data a display is named from, and the reader's language. */
export interface Naming {
  names: GameNames | undefined;
  lang: string;
}

/**
 * The display of an uploaded item: base item, prefix and suffix from the table (level = the highest of the
 * three), then named from the published game data where it holds the records (names in the reader's
 * language; type, rarity, level and style of what the game data holds). Stat lines and tags stay the table's.
 */
export function resolveItem(
  table: RecordTable,
  item: Pick<LauncherItemDoc, 'name' | 'prefix' | 'suffix'>,
  naming?: Naming,
): ResolvedItem {
  if (!naming?.names) return resolveNamed(table, item, naming);
  // Named items are kept per published set and language (a stash page names every item of the stash to
  // filter and sort them): a set replaced is a new GameNames, so its entries go with it. Shared, never changed.
  let memo = namedItems.get(naming.names);
  if (!memo) namedItems.set(naming.names, (memo = new Map()));
  const key = `${naming.lang}\u0000${item.name}\u0000${item.prefix}\u0000${item.suffix}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const resolved = resolveNamed(table, item, naming);
  if (memo.size >= NAMED_ITEMS_MAX) memo.clear();
  memo.set(key, resolved);
  return resolved;
}

const namedItems = new WeakMap<GameNames, Map<string, ResolvedItem>>();
/** Named items kept per set, at most (a stash page of 400 items in two languages is 800). */
const NAMED_ITEMS_MAX = 100_000;

function resolveNamed(
  table: RecordTable,
  item: Pick<LauncherItemDoc, 'name' | 'prefix' | 'suffix'>,
  naming?: Naming,
): ResolvedItem {
  const base = table.lookup(item.name, 'base');
  const prefix = item.prefix ? table.lookup(item.prefix, 'affix') : null;
  const suffix = item.suffix ? table.lookup(item.suffix, 'affix') : null;
  const level = Math.max(base.levelRequirement, prefix?.levelRequirement ?? 0, suffix?.levelRequirement ?? 0);
  const affix = (r: ItemRecordDoc | null) =>
    r ? { itemDbrTag: { name: r.name }, rarity: r.rarity, levelRequirement: r.levelRequirement } : null;
  const typeId = base.itemType ? STASH_ITEM_TYPES.indexOf(base.itemType as (typeof STASH_ITEM_TYPES)[number]) : -1;
  const fromTable = {
    itemDisplay: {
      baseItem: {
        itemDbrTag: { name: base.name },
        rarity: base.rarity,
        style: base.style,
        itemTypeId: typeId >= 0 ? typeId : null,
        levelRequirement: level,
      },
      prefix: affix(prefix),
      suffix: affix(suffix),
      itemType: base.itemType ?? '',
    },
    itemName: [prefix?.name, base.name, suffix?.name].filter(Boolean).join(' '),
  };
  const { itemDisplay, itemName, known } = namedItem(
    naming?.names,
    naming?.lang ?? 'en',
    { base: item.name, prefix: item.prefix, suffix: item.suffix },
    fromTable,
  );
  return {
    itemDisplay,
    itemName,
    statTags: [...new Set([...base.statTags, ...(prefix?.statTags ?? []), ...(suffix?.statTags ?? [])])],
    statLines: [...base.statLines, ...(prefix?.statLines ?? []), ...(suffix?.statLines ?? [])],
    // A quest item never leaves its owner, whatever the table says.
    tradable: base.tradable && !(known && itemDisplay.itemType === 'Quest Item'),
    rarityFilter: rarityFilterOf(
      { rarity: itemDisplay.baseItem.rarity, monsterInfrequent: base.monsterInfrequent },
      itemDisplay.prefix,
      itemDisplay.suffix,
    ),
    duplicateKey: [base._id, prefix?._id ?? '', suffix?._id ?? ''].join('|'),
  };
}

/**
 * The stash's rarity filter classes: a Legendary or Epic base is that; a monster infrequent base is
 * "Double Rare MI" with a rare prefix and a rare suffix, else "Monster Infrequent"; other bases are
 * "Double Rare Affix" with a rare prefix and a rare suffix, "Common" without affixes on a common base,
 * else "Magical".
 */
export function rarityFilterOf(
  base: Pick<ItemRecordDoc, 'rarity' | 'monsterInfrequent'>,
  prefix: { rarity: string } | null,
  suffix: { rarity: string } | null,
): StashRarityFilter {
  if (base.rarity === 'Legendary') return 'Legendary';
  if (base.rarity === 'Epic') return 'Epic';
  const doubleRare = prefix?.rarity === 'Rare' && suffix?.rarity === 'Rare';
  if (base.monsterInfrequent) return doubleRare ? 'Double Rare MI' : 'Monster Infrequent';
  if (doubleRare) return 'Double Rare Affix';
  if (!prefix && !suffix && base.rarity === 'Common') return 'Common';
  return 'Magical';
}
