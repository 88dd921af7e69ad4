// @league/gamefiles: game data extraction from a league's files on disk (goal ≤ 20 s and ≤ 256 MB of peak RSS
// above idle for the reading process). Writes a synthetic game database of BENCH_GAMEDATA_RECORDS (100,000)
// records and a text archive of BENCH_GAMEDATA_TAGS (5,000) tags to a temp dir with the package's writers,
// then runs `extractGameData` on them in a child process of its own (BENCH_GAMEDATA_RUNS, 3, one after the
// other) through a small fs-backed RandomAccess, and reports each run's time and peak RSS (VmHWM) less the
// RSS it had before extracting (modules loaded, after a GC). Also times GameNames over the result (build, and
// full names composed per second). Baseline in the same run: the two files read front to back in 1 MB reads.
// Writes bench/results/gamedata.json. Runs the built package (`npm run bench:gamedata` builds it first).
//
// The records are made from the real fixture's (packages/gamefiles/test/fixtures/gd/data/some.arz): its ten
// weapons (~8 kB decoded, ~680 fields) stand for items, its 340 monsters (~12 kB, ~990 fields) for monsters,
// its proxies, controllers, loot tables and unclassed records for the rest; affixes and sets are written in
// the shape the game's have. Mix: 30 % items of 25 Classes, 8 % affixes, 10 % monsters, 0.5 % sets, the rest
// records the extraction skips.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const gf = require('../packages/gamefiles/dist/index.js');

const RECORDS = Number(process.env.BENCH_GAMEDATA_RECORDS ?? 100_000);
const TAGS = Number(process.env.BENCH_GAMEDATA_TAGS ?? 5_000);
const RUNS = Number(process.env.BENCH_GAMEDATA_RUNS ?? 3);
const GOAL_SECONDS = 20;
const GOAL_MB = 256;
const MB = 1e6;

/** RandomAccess over a file on disk: what a service hands the package. */
async function openFile(file) {
  const handle = await fs.open(file, 'r');
  const { size } = await handle.stat();
  return {
    size,
    handle,
    async read(offset, length, what) {
      const buf = Buffer.allocUnsafe(length);
      let done = 0;
      while (done < length) {
        const { bytesRead } = await handle.read(buf, done, length - done, offset + done);
        if (bytesRead === 0) throw new Error(`${what} lies outside the file`);
        done += bytesRead;
      }
      return buf;
    },
  };
}

const vm = (field) => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? (Number(m[1]) * 1024) / MB : process.memoryUsage().rss / MB;
};

// ---------------------------------------------------------------- the reading process
async function child(dir) {
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const idle = vm('VmRSS');
  const arz = await openFile(path.join(dir, 'database.arz'));
  const text = await openFile(path.join(dir, 'Text_EN.arc'));
  const started = process.hrtime.bigint();
  const set = await gf.extractGameData({ arz, texts: [{ language: 'en', src: text, name: 'Text_EN.arc' }] });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const peak = vm('VmHWM');
  await arz.handle.close();
  await text.handle.close();

  // Names over the result: build once, then full names as a request would compose them.
  let t = process.hrtime.bigint();
  const names = new gf.GameNames(JSON.parse(JSON.stringify(set)));
  const buildMs = Number(process.hrtime.bigint() - t) / 1e6;
  const items = set.items;
  const prefixes = set.affixes.filter((a) => a.kind === 'prefix');
  const suffixes = set.affixes.filter((a) => a.kind === 'suffix');
  const LOOKUPS = 500_000;
  let chars = 0;
  t = process.hrtime.bigint();
  for (let i = 0; i < LOOKUPS; i++) {
    chars += names.itemName('en', {
      base: items[i % items.length].record,
      prefix: prefixes[i % prefixes.length]?.record,
      suffix: suffixes[(i * 7) % suffixes.length]?.record,
    }).length;
  }
  const lookupSeconds = Number(process.hrtime.bigint() - t) / 1e9;
  process.send({
    seconds,
    idleRssMB: idle,
    peakRssMB: peak,
    growthMB: peak - idle,
    stats: { ...set.stats, problems: set.stats.problems.slice(0, 5) },
    jsonBytes: JSON.stringify(set).length,
    names: { buildMs, lookups: LOOKUPS, perSecond: LOOKUPS / lookupSeconds, chars },
  });
}

// ---------------------------------------------------------------- the writer
const ITEM_CLASSES = [
  'WeaponMelee_Sword',
  'WeaponMelee_Sword2h',
  'WeaponMelee_Axe',
  'WeaponMelee_Axe2h',
  'WeaponMelee_Mace',
  'WeaponMelee_Mace2h',
  'WeaponMelee_Dagger',
  'WeaponMelee_Scepter',
  'WeaponArmor_Offhand',
  'WeaponArmor_Shield',
  'WeaponHunting_Ranged1h',
  'WeaponHunting_Ranged2h',
  'ArmorProtective_Head',
  'ArmorProtective_Shoulders',
  'ArmorProtective_Chest',
  'ArmorProtective_Hands',
  'ArmorProtective_Waist',
  'ArmorProtective_Legs',
  'ArmorProtective_Feet',
  'ArmorJewelry_Ring',
  'ArmorJewelry_Amulet',
  'ArmorJewelry_Medal',
  'ItemRelic',
  'ItemArtifact',
  'ItemEnchantment',
];
const RARITIES = ['Common', 'Magical', 'Rare', 'Epic', 'Legendary'];

/** A decoded record's fields as writer input (the type read back from the value). */
const asInput = (fields) =>
  Object.entries(fields).map(([key, values]) => {
    const v = values[0];
    const type = typeof v === 'boolean' ? 3 : typeof v === 'string' ? 2 : Number.isInteger(v) ? 0 : 1;
    return { type, key, values: type === 2 ? values.map(String) : values.map(Number) };
  });

function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function templates() {
  const file = path.join(here, '..', 'packages', 'gamefiles', 'test', 'fixtures', 'gd', 'data', 'some.arz');
  const db = await gf.ArzDatabase.open(gf.bufferSource(readFileSync(file)));
  const out = { items: [], monsters: [], other: [] };
  for await (const r of db.records()) {
    const fields = asInput(r.fields);
    if (r.class.startsWith('Weapon')) out.items.push(fields);
    else if (r.class === 'Monster') out.monsters.push(fields);
    else out.other.push({ class: r.class, fields, dir: r.name.split('/').slice(0, 3).join('/') });
  }
  return out;
}

function tagCounts() {
  // 5,000 tags: item names, affix names, set names, qualities and styles, creatures, and text nothing uses.
  const creatures = Math.round(TAGS * 0.2);
  const affixes = Math.round(TAGS * 0.16);
  const sets = Math.round(TAGS * 0.02);
  const qualities = 30;
  const other = Math.round(TAGS * 0.12);
  return { items: TAGS - creatures - affixes - sets - qualities - other, creatures, affixes, sets, qualities, other };
}

function* records(t, counts) {
  const rnd = prng(1);
  const n = {
    items: Math.round(RECORDS * 0.3),
    affixes: Math.round(RECORDS * 0.08),
    monsters: Math.round(RECORDS * 0.1),
    sets: Math.round(RECORDS * 0.005),
  };
  n.other = RECORDS - n.items - n.affixes - n.monsters - n.sets;
  const s = (key, value) => ({ type: 2, key, values: [value] });
  const i = (key, value) => ({ type: 0, key, values: [value] });
  const replace = (fields, extra) => {
    const keys = new Set(extra.map((f) => f.key));
    return [...fields.filter((f) => !keys.has(f.key)), ...extra];
  };
  // Interleaved as a real database is (by folder), so the skipped records sit between the kept ones.
  const order = [];
  for (const [kind, count] of Object.entries(n)) for (let k = 0; k < count; k++) order.push([kind, k]);
  order.sort(() => rnd() - 0.5);
  for (const [kind, k] of order) {
    if (kind === 'items') {
      const cls = ITEM_CLASSES[k % ITEM_CLASSES.length];
      const extra = [
        s('Class', cls),
        s('itemNameTag', `tagBenchItem${k % counts.items}`),
        s('itemClassification', RARITIES[k % RARITIES.length]),
        i('levelRequirement', 1 + (k % 100)),
      ];
      if (k % 3 === 0) extra.push(s('itemQualityTag', `tagBenchQuality${k % counts.qualities}`));
      if (k % 10 === 0) extra.push(s('itemStyleTag', k % 20 === 0 ? 'tagStyleUniqueTier2' : 'tagStyleUniqueTier3'));
      if (k % 20 === 0) extra.push(s('itemSetName', `records/items/lootsets/itemset_${k % n.sets}.dbr`));
      yield {
        name: `records/items/gear${cls.toLowerCase()}/bench_${k}.dbr`,
        type: cls,
        fields: replace(t.items[k % t.items.length], extra),
      };
    } else if (kind === 'affixes') {
      const kindName = k % 2 ? 'suffix' : 'prefix';
      const fields = [
        s('templateName', 'database/templates/lootrandomizer.tpl'),
        s('Class', 'LootRandomizer'),
        s('lootRandomizerName', `tagBenchAffix${k % counts.affixes}`),
        s('itemClassification', k % 4 ? 'Magical' : 'Rare'),
        i('levelRequirement', k % 90),
        i('lootRandomizerCost', 100 + k),
        { type: 1, key: 'lootRandomizerJitter', values: [10.5] },
        ...Array.from({ length: 60 }, (_, f) => ({ type: 1, key: `offensiveStat${f}`, values: [f % 7 ? 0 : k % 50] })),
      ];
      yield { name: `records/items/lootaffixes/${kindName}/bench_${k}.dbr`, type: 'LootRandomizer', fields };
    } else if (kind === 'monsters') {
      yield {
        name: `records/creatures/enemies/bench_${k}.dbr`,
        type: 'Monster',
        fields: replace(t.monsters[k % t.monsters.length], [
          s('description', `tagBenchCreature${k % counts.creatures}`),
        ]),
      };
    } else if (kind === 'sets') {
      const fields = [
        s('templateName', 'database/templates/itemset.tpl'),
        s('setName', `tagBenchSet${k % counts.sets}`),
        {
          type: 2,
          key: 'setMembers',
          values: Array.from({ length: 5 }, (_, m) => `records/items/bench/member_${k}_${m}.dbr`),
        },
        ...Array.from({ length: 40 }, (_, f) => ({ type: 1, key: `characterStat${f}`, values: [0, 0, f, f, f] })),
      ];
      yield { name: `records/items/lootsets/itemset_${k}.dbr`, type: '', fields };
    } else {
      const o = t.other[k % t.other.length];
      yield { name: `${o.dir}/bench_${k}.dbr`, type: o.class, fields: o.fields };
    }
  }
}

function textArchive(counts) {
  const items = {};
  const creatures = {};
  const ui = {};
  items.tagItemNameOrder = '{%_s0}{%_s1}{%_s2}{%_s3}{%_s4}';
  for (let k = 0; k < counts.items; k++) items[`tagBenchItem${k}`] = `Bench Item Number ${k}`;
  for (let k = 0; k < counts.affixes; k++) items[`tagBenchAffix${k}`] = k % 2 ? `of the Bench ${k}` : `Benchy ${k}`;
  for (let k = 0; k < counts.sets; k++) items[`tagBenchSet${k}`] = `Bench Set ${k}`;
  for (let k = 0; k < counts.qualities - 2; k++) items[`tagBenchQuality${k}`] = `Quality${k}`;
  items.tagStyleUniqueTier2 = 'Empowered';
  items.tagStyleUniqueTier3 = 'Mythical';
  for (let k = 0; k < counts.creatures; k++) creatures[`tagBenchCreature${k}`] = `Bench Creature ~ ${k}`;
  for (let k = 0; k < counts.other; k++)
    ui[`tagBenchUi${k}`] = `{^E}Some interface text number ${k} that nothing references`;
  return gf.writeTextArchive({ 'tags_items.txt': items, 'tags_creatures.txt': creatures, 'tags_ui.txt': ui });
}

function runChild(dir) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--extract', dir], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result;
    p.on('message', (m) => (result = m));
    p.on('exit', (code) => (code === 0 && result ? resolve(result) : reject(new Error(`extraction exited ${code}`))));
  });
}

async function readThrough(file) {
  const src = await openFile(file);
  const t = process.hrtime.bigint();
  for (let at = 0; at < src.size; at += 1 << 20) await src.read(at, Math.min(1 << 20, src.size - at), 'chunk');
  await src.handle.close();
  return Number(process.hrtime.bigint() - t) / 1e9;
}

async function main() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'league-bench-gamedata-'));
  try {
    console.log(
      `node ${process.version}, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const counts = tagCounts();
    let t = Date.now();
    const arzPath = path.join(tmp, 'database.arz');
    writeFileSync(arzPath, gf.writeArz(records(await templates(), counts)));
    const arcPath = path.join(tmp, 'Text_EN.arc');
    writeFileSync(arcPath, textArchive(counts));
    const arzBytes = statSync(arzPath).size;
    const arcBytes = statSync(arcPath).size;
    console.log(
      `wrote ${RECORDS.toLocaleString('en-US')} records (${(arzBytes / MB).toFixed(1)} MB) and ${TAGS.toLocaleString('en-US')} tags (${(arcBytes / MB).toFixed(2)} MB) in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );

    const runs = [];
    for (let r = 0; r < RUNS; r++) {
      const run = await runChild(tmp);
      runs.push(run);
      console.log(
        `run ${r + 1}: ${run.seconds.toFixed(2)} s, peak RSS ${run.peakRssMB.toFixed(1)} MB − idle ${run.idleRssMB.toFixed(1)} MB = ${run.growthMB.toFixed(1)} MB; ` +
          `${run.stats.items} items, ${run.stats.affixes} affixes, ${run.stats.sets} sets, ${run.stats.creatures} creatures, ${run.stats.recordsDecoded} records decoded, set ${(run.jsonBytes / MB).toFixed(2)} MB of JSON; ` +
          `GameNames built in ${run.names.buildMs.toFixed(0)} ms, ${Math.round(run.names.perSecond).toLocaleString('en-US')} full names/s`,
      );
    }
    t = Date.now();
    const baseline = { readSeconds: (await readThrough(arzPath)) + (await readThrough(arcPath)) };
    const sorted = runs.map((r) => r.seconds).sort((a, b) => a - b);
    const medianSeconds = sorted[Math.floor(sorted.length / 2)];
    const maxGrowthMB = Math.max(...runs.map((r) => r.growthMB));
    const meetsGoal = medianSeconds <= GOAL_SECONDS && maxGrowthMB <= GOAL_MB;
    console.log(
      `extraction median ${medianSeconds.toFixed(2)} s (goal ≤ ${GOAL_SECONDS}), peak − idle RSS at most ${maxGrowthMB.toFixed(1)} MB (goal ≤ ${GOAL_MB}) ${meetsGoal ? 'ok' : 'MISSED'}; ` +
        `baseline: the files read front to back in ${baseline.readSeconds.toFixed(2)} s`,
    );
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(
      path.join(here, 'results', 'gamedata.json'),
      `${JSON.stringify({ node: process.version, loadavg: os.loadavg(), records: RECORDS, tags: TAGS, arzBytes, arcBytes, runs, medianSeconds, maxGrowthMB, baseline, goal: { seconds: GOAL_SECONDS, growthMB: GOAL_MB }, meetsGoal }, null, 2)}\n`,
    );
    if (!meetsGoal) process.exitCode = 1;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--extract') await child(process.argv[3]);
else await main();
