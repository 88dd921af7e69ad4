// Transfer stash (transfer.gst softcore, transfer.gsh hardcore): reader and writer. A file read and
// written back unchanged is byte-identical (same seed, same key stream).
import { CipherReader, CipherWriter } from './cipher';
import { FormatError } from './errors';
import {
  launcherToStashItem,
  stashItemToLauncher,
  validateLauncherItem,
  type LauncherItem,
  type StashItem,
} from './items';
import { defaultItemSize, type ItemSize } from './sizes';

export const STASH_FILE_VERSION = 2;
export const STASH_BLOCK_ID = 18;
/** Block versions this reader knows: 4 (old), 5 (game 1.1–1.2). Newer ones add fields and are refused. */
export const SUPPORTED_STASH_VERSIONS = [4, 5] as const;
/** Tab 6 (index 5): the launcher's upload tab. */
export const UPLOAD_TAB = 5;
/** Tab 5 (index 4): where queued (pulled) items are written. */
export const QUEUE_TAB = 4;
/** A tab is at most this many cells a side; a larger one is a forged file. */
const MAX_TAB_SIDE = 64;

export interface StashTab {
  width: number;
  height: number;
  items: StashItem[];
}

export interface TransferStash {
  /** The cipher seed; kept so that a rewrite is byte-identical. */
  seed: number;
  version: number;
  modName: string;
  /** Expansion flags (version ≥ 5), else 0. */
  expansions: number;
  tabs: StashTab[];
}

/**
 * A tab as it was read: its encrypted bytes (block id to end marker), the key before and after them, its size
 * and a copy of every item. The cipher makes a tab's bytes a function of the key at its start and those
 * values alone, and the writer reproduces what the reader accepted byte for byte; so where the writer reaches
 * a tab at the same key with every value unchanged, copying the bytes gives exactly what encrypting them
 * again would (the tabs before a changed one, and every tab of a stash written back as it was read). Values
 * are compared with the copies, not objects: an item changed in place is written from its fields.
 */
interface ReadTab {
  keyBefore: number;
  keyAfter: number;
  bytes: Uint8Array;
  width: number;
  height: number;
  /** A copy of each item as read (the caller's may change in place). */
  items: StashItem[];
}
/**
 * Where a tab keeps what it was read as: a property of its own, not enumerable (no spread, JSON, clone or
 * deep equality sees it). A WeakMap from tab to it kept each stash just read alive through the young
 * generation's collections (every scavenge copied and promoted it): the read's p50 went from 2.8 to 4.9 ms.
 */
const READ_AS = Symbol('read as');
const readAs = (tab: StashTab): ReadTab | undefined => (tab as StashTab & { [READ_AS]?: ReadTab })[READ_AS];
const keepReadAs = (tab: StashTab, read: ReadTab): void => {
  Object.defineProperty(tab, READ_AS, { value: read, configurable: true });
};

/** Whether an item holds exactly the values it was read with (positions by Object.is: -0 is not 0 in a file). */
const sameItem = (it: StashItem, was: StashItem): boolean =>
  it.baseName === was.baseName &&
  it.prefixName === was.prefixName &&
  it.suffixName === was.suffixName &&
  it.modifierName === was.modifierName &&
  it.transmuteName === was.transmuteName &&
  it.seed === was.seed &&
  it.relicName === was.relicName &&
  it.relicBonus === was.relicBonus &&
  it.relicSeed === was.relicSeed &&
  it.augmentName === was.augmentName &&
  it.unknown === was.unknown &&
  it.augmentSeed === was.augmentSeed &&
  it.relicCompletionLevel === was.relicCompletionLevel &&
  it.stackCount === was.stackCount &&
  Object.is(it.x, was.x) &&
  Object.is(it.y, was.y);

/** Whether a tab holds exactly what it was read with. */
function unchangedSinceRead(tab: StashTab, read: ReadTab): boolean {
  const { items } = tab;
  if (tab.width !== read.width || tab.height !== read.height || items.length !== read.items.length) return false;
  for (let i = 0; i < items.length; i++) if (!sameItem(items[i] as StashItem, read.items[i] as StashItem)) return false;
  return true;
}

function readItem(r: CipherReader): StashItem {
  const item: StashItem = {
    baseName: r.string('baseName'),
    prefixName: r.string('prefixName'),
    suffixName: r.string('suffixName'),
    modifierName: r.string('modifierName'),
    transmuteName: r.string('transmuteName'),
    seed: r.u32('seed'),
    relicName: r.string('relicName'),
    relicBonus: r.string('relicBonus'),
    relicSeed: r.u32('relicSeed'),
    augmentName: r.string('augmentName'),
    unknown: r.u32(),
    augmentSeed: r.u32('augmentSeed'),
    relicCompletionLevel: r.u32('relicCompletionLevel'),
    stackCount: r.u32('stackCount'),
    x: 0,
    y: 0,
  };
  const at = r.position;
  item.x = r.f32('x');
  item.y = r.f32('y');
  if (!Number.isFinite(item.x) || !Number.isFinite(item.y)) r.fail('item position is not a number', at);
  return item;
}

/** Read a transfer stash. Throws {@link FormatError} on a truncated, forged or unknown-version file. */
export function readStash(input: Uint8Array): TransferStash {
  const r = new CipherReader(input, 'transfer stash');
  const fileVersion = r.u32('file version');
  if (fileVersion !== STASH_FILE_VERSION) r.fail(`not a transfer stash (file version ${fileVersion})`, 4);
  const block = r.beginBlock(STASH_BLOCK_ID);
  const version = r.u32('stash version');
  if (!(SUPPORTED_STASH_VERSIONS as readonly number[]).includes(version))
    r.fail(`unknown transfer stash version ${version} (known: ${SUPPORTED_STASH_VERSIONS.join(', ')})`);
  if (r.next('stash header') !== 0) r.fail('stash header field is not 0', r.position - 4);
  const modName = r.string('mod name');
  const expansions = version >= 5 ? r.u8('expansions') : 0;
  const tabCount = r.u32('tab count');
  const tabs: StashTab[] = [];
  for (let t = 0; t < tabCount; t++) {
    const start = r.position;
    const keyBefore = r.keyState;
    const tabBlock = r.beginBlock(0, block);
    const width = r.u32('tab width');
    const height = r.u32('tab height');
    if (width < 1 || height < 1 || width > MAX_TAB_SIDE || height > MAX_TAB_SIDE)
      r.fail(`tab ${t + 1} size ${width}×${height} is not a stash tab`, r.position - 8);
    const count = r.u32('item count');
    const items: StashItem[] = [];
    const copies: StashItem[] = [];
    for (let i = 0; i < count; i++) {
      if (r.position >= tabBlock.end) r.fail(`tab ${t + 1} says ${count} items but holds ${i}`);
      const item = readItem(r);
      items.push(item);
      copies.push({ ...item });
    }
    r.endBlock(tabBlock);
    const tab = { width, height, items };
    keepReadAs(tab, { keyBefore, keyAfter: r.keyState, bytes: r.rawSince(start), width, height, items: copies });
    tabs.push(tab);
  }
  r.endBlock(block);
  if (!r.atEnd) r.fail(`${r.length - r.position} unexpected bytes after the stash`);
  return { seed: r.seed, version, modName, expansions, tabs };
}

function writeItem(w: CipherWriter, item: StashItem): void {
  if (!Number.isFinite(item.x) || !Number.isFinite(item.y)) throw new FormatError('item position is not a number');
  w.string(item.baseName, 'baseName');
  w.string(item.prefixName, 'prefixName');
  w.string(item.suffixName, 'suffixName');
  w.string(item.modifierName, 'modifierName');
  w.string(item.transmuteName, 'transmuteName');
  w.u32(item.seed);
  w.string(item.relicName, 'relicName');
  w.string(item.relicBonus, 'relicBonus');
  w.u32(item.relicSeed);
  w.string(item.augmentName, 'augmentName');
  w.u32(item.unknown);
  w.u32(item.augmentSeed);
  w.u32(item.relicCompletionLevel);
  w.u32(item.stackCount);
  w.f32(item.x);
  w.f32(item.y);
}

/** Bytes a stash will take (exact unless a string has characters the writer refuses). */
function stashSize(stash: TransferStash): number {
  let size = 4 + 4 + 4 + 4 + 4 + 4 + stash.modName.length + 1 + 4 + 4;
  for (const tab of stash.tabs) {
    size += 4 + 4 + 12 + 4;
    for (const it of tab.items)
      size +=
        8 * 4 +
        8 * 4 +
        it.baseName.length +
        it.prefixName.length +
        it.suffixName.length +
        it.modifierName.length +
        it.transmuteName.length +
        it.relicName.length +
        it.relicBonus.length +
        it.augmentName.length;
  }
  return size;
}

/** Write a transfer stash with its seed. */
export function writeStash(stash: TransferStash, sizeHint = stashSize(stash)): Buffer {
  if (!(SUPPORTED_STASH_VERSIONS as readonly number[]).includes(stash.version))
    throw new FormatError(`cannot write transfer stash version ${stash.version}`);
  const w = new CipherWriter(stash.seed, sizeHint);
  w.u32(STASH_FILE_VERSION);
  const block = w.beginBlock(STASH_BLOCK_ID);
  w.u32(stash.version);
  w.next(0);
  w.string(stash.modName, 'mod name');
  if (stash.version >= 5) w.u8(stash.expansions);
  w.u32(stash.tabs.length);
  for (const tab of stash.tabs) {
    const read = readAs(tab);
    if (read && read.keyBefore === w.keyState && unchangedSinceRead(tab, read)) {
      w.encrypted(read.bytes, read.keyAfter);
      continue;
    }
    const tabBlock = w.beginBlock(0);
    w.u32(tab.width);
    w.u32(tab.height);
    w.u32(tab.items.length);
    for (const item of tab.items) writeItem(w, item);
    w.endBlock(tabBlock);
  }
  w.endBlock(block);
  return w.finish();
}

/** A copy whose tabs and item lists can change without changing the input; a tab keeps what it was read as. */
function copyStash(stash: TransferStash): TransferStash {
  return {
    ...stash,
    tabs: stash.tabs.map((t) => {
      const copy = { ...t, items: [...t.items] };
      const read = readAs(t);
      if (read) keepReadAs(copy, read);
      return copy;
    }),
  };
}

/**
 * Take the items out of the upload tab (tab 6, index 5). Returns the stash without them (the input is not
 * changed) and the items as the launcher's item JSON, in file order. A stash with fewer than 6 tabs has
 * nothing to upload.
 */
export function takeUploadedItems(stash: TransferStash): { stash: TransferStash; items: LauncherItem[] } {
  const next = copyStash(stash);
  const tab = next.tabs[UPLOAD_TAB];
  if (!tab) return { stash: next, items: [] };
  const items = tab.items.map(stashItemToLauncher);
  tab.items = [];
  return { stash: next, items };
}

export interface PlaceOptions {
  /** Footprint of an item in cells; defaults to {@link defaultItemSize} by its base record. */
  sizeOf?: (baseName: string) => ItemSize;
  /** Tab index to place into; default tab 5 (index 4). */
  tab?: number;
}

export interface PlaceResult<T extends LauncherItem> {
  stash: TransferStash;
  /** Items written, with the cell they went to. */
  placed: Array<{ item: T; x: number; y: number }>;
  /** Items for which no free area of their size was left (they stay queued). */
  notPlaced: T[];
}

/**
 * Write queued items into tab 5 (index 4) at free positions: an item goes to the first cell (row by row,
 * top-left first) where its whole footprint is inside the tab and overlaps no occupied cell. Existing items
 * occupy their footprint from their saved position (clipped to the tab). The input stash is not changed.
 */
export function placeQueuedItems<T extends LauncherItem>(
  stash: TransferStash,
  queued: readonly T[],
  options: PlaceOptions = {},
): PlaceResult<T> {
  const sizeOf = options.sizeOf ?? defaultItemSize;
  const tabIndex = options.tab ?? QUEUE_TAB;
  const next = copyStash(stash);
  const tab = next.tabs[tabIndex];
  if (!tab) throw new FormatError(`the stash has no tab ${tabIndex + 1} (it has ${stash.tabs.length})`);
  const { width, height } = tab;
  const used = new Uint8Array(width * height);
  const mark = (x: number, y: number, w: number, h: number): void => {
    for (let yy = Math.max(0, y); yy < Math.min(height, y + h); yy++)
      for (let xx = Math.max(0, x); xx < Math.min(width, x + w); xx++) used[yy * width + xx] = 1;
  };
  const free = (x: number, y: number, w: number, h: number): boolean => {
    for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) if (used[yy * width + xx]) return false;
    return true;
  };
  for (const item of tab.items) {
    const s = sizeOf(item.baseName);
    mark(Math.floor(item.x), Math.floor(item.y), s.width, s.height);
  }
  const placed: PlaceResult<T>['placed'] = [];
  const notPlaced: T[] = [];
  for (const [i, item] of queued.entries()) {
    validateLauncherItem(item, `queued item ${i + 1}`);
    const s = sizeOf(item.name);
    if (!Number.isInteger(s.width) || !Number.isInteger(s.height) || s.width < 1 || s.height < 1)
      throw new FormatError(`size of ${item.name} must be whole cells, at least 1×1`);
    let spot: { x: number; y: number } | undefined;
    for (let y = 0; !spot && y + s.height <= height; y++)
      for (let x = 0; x + s.width <= width; x++)
        if (free(x, y, s.width, s.height)) {
          spot = { x, y };
          break;
        }
    if (!spot) {
      notPlaced.push(item);
      continue;
    }
    mark(spot.x, spot.y, s.width, s.height);
    tab.items.push(launcherToStashItem(item, spot.x, spot.y));
    placed.push({ item, ...spot });
  }
  return { stash: next, placed, notPlaced };
}
