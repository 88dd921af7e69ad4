import {
  defaultItemSize,
  FormatError,
  placeQueuedItems,
  QUEUE_TAB,
  readStash,
  stashItemToLauncher,
  takeUploadedItems,
  UPLOAD_TAB,
  writeStash,
  type LauncherItem,
  type StashTab,
  type TransferStash,
} from '@league/gamefiles';
import { plainLauncherItem } from '@league/contracts';
import { expectFormatError, fixture, prng } from './helpers';

const raw = fixture('gd-cli/transfer.gst');

/** Cells covered by each item of a tab under the default size table; throws on overlap or overflow. */
function checkNoOverlap(tab: StashTab): number {
  const used = new Set<string>();
  for (const item of tab.items) {
    const s = defaultItemSize(item.baseName);
    expect(Number.isInteger(item.x) && Number.isInteger(item.y)).toBe(true);
    expect(item.x + s.width).toBeLessThanOrEqual(tab.width);
    expect(item.y + s.height).toBeLessThanOrEqual(tab.height);
    for (let y = item.y; y < item.y + s.height; y++)
      for (let x = item.x; x < item.x + s.width; x++) {
        const k = `${x},${y}`;
        if (used.has(k)) throw new Error(`overlap at ${k} (${item.baseName})`);
        used.add(k);
      }
  }
  return used.size;
}

function queued(n: number, base = 'records/items/gearaccessories/rings/c012_ring.dbr'): LauncherItem[] {
  return Array.from({ length: n }, (_, i) => ({
    ...plainLauncherItem(base, { itemSeed: 1000 + i }),
    participantItemId: i + 1,
  }));
}

describe('transfer stash reader and writer on the real fixture', () => {
  it('reads gd-cli/transfer.gst: version 5, 6 tabs of 10×18 holding 142, 149, 39, 40, 40, 40 items', () => {
    const s = readStash(raw);
    expect(s.version).toBe(5);
    expect(s.modName).toBe('');
    expect(s.tabs.map((t) => [t.width, t.height])).toEqual(Array(6).fill([10, 18]));
    expect(s.tabs.map((t) => t.items.length)).toEqual([142, 149, 39, 40, 40, 40]);
    const first = s.tabs[0]?.items[0];
    expect(first).toMatchObject({
      baseName: 'records/items/materia/compa_batteredshell.dbr',
      stackCount: 471,
      x: 4,
      y: 8,
    });
    for (const tab of s.tabs) for (const item of tab.items) expect(item.baseName).toMatch(/^records\/.+\.dbr$/);
  });

  it('writes it back byte-identical', () => {
    const out = writeStash(readStash(raw));
    expect(out.length).toBe(raw.length);
    expect(out.equals(raw)).toBe(true);
  });

  it('round-trips a changed stash: written, read again, equal; written again, identical bytes', () => {
    const s = readStash(raw);
    s.tabs[2]?.items.reverse();
    s.modName = 'GrimLeagueS07';
    const once = writeStash(s);
    const back = readStash(once);
    expect(back).toEqual(s);
    expect(writeStash(back).equals(once)).toBe(true);
  });

  it('writes and reads the old version 4 layout (no expansion byte)', () => {
    const s: TransferStash = { ...readStash(raw), version: 4, expansions: 0 };
    const out = writeStash(s);
    expect(out.length).toBe(raw.length - 1);
    expect(readStash(out)).toEqual(s);
  });

  it('a ~1 MB stash round-trips byte-identical', () => {
    const s = readStash(raw);
    const big: TransferStash = { ...s, tabs: Array.from({ length: 96 }, (_, i) => s.tabs[i % 6] as StashTab) };
    const out = writeStash(big);
    expect(out.length).toBeGreaterThan(1_000_000);
    expect(writeStash(readStash(out)).equals(out)).toBe(true);
  });

  describe('a tab written back from the bytes it was read as', () => {
    /** The same stash written by a writer that cannot reuse a read tab (a structured clone was never read). */
    const encrypted = (s: TransferStash): Buffer => writeStash(structuredClone(s));
    const FIELDS = [
      'baseName',
      'prefixName',
      'suffixName',
      'modifierName',
      'transmuteName',
      'seed',
      'relicName',
      'relicBonus',
      'relicSeed',
      'augmentName',
      'unknown',
      'augmentSeed',
      'relicCompletionLevel',
      'stackCount',
      'x',
      'y',
    ] as const;

    it('copies only what encrypting again gives: every field of an item changed in place is written', () => {
      for (const field of FIELDS) {
        const s = readStash(raw);
        const item = s.tabs[1]?.items[7] as unknown as Record<string, string | number>;
        const was = item[field] as string | number;
        item[field] = typeof was === 'string' ? `${was}x` : (was as number) + 1;
        const out = writeStash(s);
        expect(out.equals(raw)).toBe(false);
        expect(out.equals(encrypted(s))).toBe(true);
        expect((readStash(out).tabs[1]?.items[7] as unknown as Record<string, unknown>)[field]).toBe(item[field]);
      }
    });

    it('a position of -0 where 0 was read is written as -0', () => {
      const s = readStash(raw);
      const item = s.tabs[0]?.items.find((it) => it.x === 0);
      if (!item) throw new Error('the fixture has an item in column 0');
      item.x = -0;
      const out = writeStash(s);
      expect(out.equals(raw)).toBe(false);
      expect(out.equals(encrypted(s))).toBe(true);
    });

    it('a tab resized, an item added, removed or swapped for an equal one, a new seed or mod name: as encrypted', () => {
      const cases: Array<(s: TransferStash) => void> = [
        (s) => (s.tabs[0] as StashTab).width--,
        (s) => (s.tabs[5] as StashTab).height--,
        (s) => s.tabs[3]?.items.push({ ...(s.tabs[3]?.items[0] as StashTab['items'][number]), x: 9, y: 17 }),
        (s) => s.tabs[2]?.items.pop(),
        (s) => s.tabs[4]?.items.splice(3, 1, { ...(s.tabs[4]?.items[3] as StashTab['items'][number]) }),
        (s) => s.tabs.reverse(),
        (s) => (s.seed = (s.seed + 1) >>> 0),
        (s) => (s.modName = 'GrimLeagueS07'),
      ];
      for (const change of cases) {
        const s = readStash(raw);
        change(s);
        const out = writeStash(s);
        expect(out.equals(encrypted(s))).toBe(true);
        expect(readStash(out)).toEqual(s);
      }
    });

    it('what a tab was read as is not a field of it: keys, JSON and spread see width, height and items', () => {
      const tab = readStash(raw).tabs[0] as StashTab;
      expect(Object.keys(tab)).toEqual(['width', 'height', 'items']);
      expect(Object.keys(JSON.parse(JSON.stringify(tab)))).toEqual(['width', 'height', 'items']);
      expect(Reflect.ownKeys({ ...tab })).toEqual(['width', 'height', 'items']);
    });

    it('keeps its own copy of the bytes: the input overwritten after the read changes nothing', () => {
      const input = Buffer.from(raw);
      const s = readStash(input);
      input.fill(0);
      expect(writeStash(s).equals(raw)).toBe(true);
    });

    it('the upload and queue moves (tabs 1-4 kept, 5 and 6 changed) write what encrypting gives', () => {
      const taken = takeUploadedItems(readStash(raw));
      const placed = placeQueuedItems(taken.stash, queued(3));
      const out = writeStash(placed.stash);
      expect(out.equals(encrypted(placed.stash))).toBe(true);
      expect(readStash(out)).toEqual(placed.stash);
    });
  });

  it('the default item sizes fit the positions of every saved item without overlap', () => {
    for (const tab of readStash(raw).tabs) checkNoOverlap(tab);
  });
});

describe('upload tab and transfer queue', () => {
  it('takes the 40 uploaded tab-6 items as the launcher item JSON and leaves the rest untouched', () => {
    const s = readStash(raw);
    const { stash, items } = takeUploadedItems(s);
    expect(items).toHaveLength(40);
    expect(items[0]).toEqual({
      name: 'records/items/upgraded/gearweapons/guns2h/d005_gun2h.dbr',
      prefix: '',
      suffix: '',
      modifier: '',
      illusion: '',
      component: '',
      completion: '',
      augment: '',
      itemSeed: 2116760840,
      componentSeed: 0,
      augmentSeed: 0,
      stackCount: 1,
    });
    expect(items).toEqual(s.tabs[UPLOAD_TAB]?.items.map(stashItemToLauncher));
    for (const item of items) for (const v of Object.values(item)) expect(v).not.toBeNull();
    // The input is not changed; the result has an empty tab 6 and the other tabs as they were.
    expect(s.tabs[UPLOAD_TAB]?.items).toHaveLength(40);
    const reread = readStash(writeStash(stash));
    expect(reread.tabs[UPLOAD_TAB]?.items).toEqual([]);
    expect(reread.tabs.slice(0, 5)).toEqual(s.tabs.slice(0, 5));
  });

  it('taking from a stash with fewer than 6 tabs gives nothing', () => {
    const s = readStash(raw);
    const short = { ...s, tabs: s.tabs.slice(0, 5) };
    expect(takeUploadedItems(short).items).toEqual([]);
  });

  it('places queued items into tab 5 at free cells; the written stash reads back with no overlap', () => {
    const s = readStash(raw);
    const { items: uploaded } = takeUploadedItems(s);
    const queue = uploaded.map((item, i) => ({ ...item, participantItemId: 100 + i }));
    const before = checkNoOverlap(s.tabs[QUEUE_TAB] as StashTab);
    const { stash, placed, notPlaced } = placeQueuedItems(s, queue);
    expect(placed.length + notPlaced.length).toBe(queue.length);
    expect(placed.length).toBeGreaterThan(0);
    const tab5 = readStash(writeStash(stash)).tabs[QUEUE_TAB] as StashTab;
    expect(tab5.items).toHaveLength(40 + placed.length);
    const after = checkNoOverlap(tab5);
    const area = (name: string) => defaultItemSize(name).width * defaultItemSize(name).height;
    expect(after - before).toBe(placed.reduce((n, p) => n + area(p.item.name), 0));
    // Each placed item is in the file at its cell, field for field.
    for (const p of placed) {
      const saved = tab5.items.find((it) => it.x === p.x && it.y === p.y);
      expect(saved && stashItemToLauncher(saved)).toEqual({ ...p.item, participantItemId: undefined });
    }
    // What did not fit really did not fit: no free area of its size is left.
    for (const item of notPlaced) {
      const again = placeQueuedItems(stash, [item]);
      expect(again.placed).toHaveLength(0);
    }
    // The other tabs are untouched; the input stash too.
    expect(s.tabs[QUEUE_TAB]?.items).toHaveLength(40);
  });

  it('fills an empty tab exactly and leaves the rest queued', () => {
    const s = readStash(raw);
    (s.tabs[QUEUE_TAB] as StashTab).items = [];
    const { stash, placed, notPlaced } = placeQueuedItems(s, queued(200));
    expect(placed).toHaveLength(180);
    expect(notPlaced.map((i) => i.participantItemId)).toEqual(Array.from({ length: 20 }, (_, i) => 181 + i));
    expect(placed[0]).toMatchObject({ x: 0, y: 0 });
    expect(placed[10]).toMatchObject({ x: 0, y: 1 });
    expect(checkNoOverlap(readStash(writeStash(stash)).tabs[QUEUE_TAB] as StashTab)).toBe(180);
  });

  it('respects the footprint: 2×2 items never straddle the edge or each other', () => {
    const s = readStash(raw);
    (s.tabs[QUEUE_TAB] as StashTab).items = [];
    const { stash, placed, notPlaced } = placeQueuedItems(s, queued(50, 'records/items/gearhead/c212_head.dbr'));
    expect(placed).toHaveLength(45); // 5 across × 9 down
    expect(notPlaced).toHaveLength(5);
    checkNoOverlap(readStash(writeStash(stash)).tabs[QUEUE_TAB] as StashTab);
  });

  it('uses a caller-given size function', () => {
    const s = readStash(raw);
    (s.tabs[QUEUE_TAB] as StashTab).items = [];
    const { placed } = placeQueuedItems(s, queued(3), { sizeOf: () => ({ width: 10, height: 6 }) });
    expect(placed.map((p) => [p.x, p.y])).toEqual([
      [0, 0],
      [0, 6],
      [0, 12],
    ]);
  });

  it('refuses queued items that are not the launcher item JSON, naming the item and field', () => {
    const s = readStash(raw);
    const [good] = queued(1);
    expectFormatError(
      () =>
        placeQueuedItems(s, [good as LauncherItem, { ...(good as LauncherItem), prefix: null as unknown as string }]),
      /queued item 2\.prefix must be a string/,
    );
    expectFormatError(() => placeQueuedItems(s, [{ ...(good as LauncherItem), stackCount: 2 ** 32 }]), /stackCount/);
    expectFormatError(() => placeQueuedItems(s, queued(1), { sizeOf: () => ({ width: 0, height: 1 }) }), /whole cells/);
  });

  it('refuses a stash without tab 5', () => {
    const s = readStash(raw);
    expectFormatError(() => placeQueuedItems({ ...s, tabs: s.tabs.slice(0, 3) }, queued(1)), /no tab 5/);
  });
});

describe('transfer stash reader on bad input', () => {
  it('refuses other files', () => {
    expectFormatError(() => readStash(fixture('gd-cli/player.gdc')), /not a transfer stash/);
    expectFormatError(() => readStash(Buffer.alloc(2)), /too short/);
    expectFormatError(() => readStash(Buffer.alloc(100)), /not a transfer stash/);
  });

  it('refuses an unknown stash version with a clear error', () => {
    const forged = Buffer.from(raw);
    forged[16] = (forged[16] as number) ^ 0x03; // version 5 → 6 (offset 16: first body byte of block 18)
    expectFormatError(() => readStash(forged), /unknown transfer stash version 6/);
    const future = Buffer.from(raw);
    future[17] = (future[17] as number) ^ 0x01; // 5 → 261
    expectFormatError(() => readStash(future), /unknown transfer stash version 261/);
  });

  it('refuses every truncation and extra bytes', () => {
    const cuts = new Set<number>([3, 4, 8, 12, 16, 20, 30, raw.length - 1, raw.length - 4]);
    for (let c = 0; c < raw.length; c += 499) cuts.add(c);
    for (const c of cuts) expectFormatError(() => readStash(raw.subarray(0, c)));
    expectFormatError(() => readStash(Buffer.concat([raw, Buffer.alloc(4)])), /unexpected bytes/);
  });

  it('refuses a forged block length or item count without looping or allocating', () => {
    const len = Buffer.from(raw);
    len[15] = (len[15] as number) ^ 0x7f; // block 18 length, high byte
    expectFormatError(() => readStash(len), /block 18 length \d+ runs past/);
  });

  it('on random corruption either reads or throws FormatError, and stays fast', () => {
    const rand = prng(7);
    const started = Date.now();
    for (let i = 0; i < 200; i++) {
      const m = Buffer.from(raw);
      const flips = 1 + Math.floor(rand() * 3);
      for (let j = 0; j < flips; j++) m[Math.floor(rand() * m.length)] = Math.floor(rand() * 256);
      try {
        readStash(m);
      } catch (err) {
        expect(err).toBeInstanceOf(FormatError);
      }
    }
    expect(Date.now() - started).toBeLessThan(10000);
  });

  it('the writer refuses what the game cannot store', () => {
    const s = readStash(raw);
    const item = s.tabs[0]?.items[0];
    if (!item) throw new Error('fixture has items');
    item.baseName = 'records/☃.dbr';
    expectFormatError(() => writeStash(s), /cannot store/);
    item.baseName = 'records/x.dbr';
    item.seed = -1;
    expectFormatError(() => writeStash(s), /not an u32/);
    expectFormatError(() => writeStash({ ...readStash(raw), version: 6 }), /cannot write transfer stash version 6/);
  });
});
