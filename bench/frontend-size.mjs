#!/usr/bin/env node
// The landing page's initial JavaScript, gzip: builds the frontend with a Vite manifest into a throwaway
// directory, follows the static imports of the entries index.html loads (the app, and src/early.ts beside
// it): what the browser must load before the landing page can show. Gzips each chunk at level 9 and sums
// them. Dynamic imports (the admin and profile screens) are not initial; the run fails if either of them is
// reachable statically or missing as its own chunk.
//   node bench/frontend-size.mjs [--budget-kb 180]   (issue 19's goal: 180 kB)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const budgetArg = process.argv.indexOf('--budget-kb');
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 180;
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-frontend-size-'));

try {
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'],
    { cwd: path.join(root, 'frontend'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (build.status !== 0) throw new Error('vite build failed');

  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  // Every entry: index.html's app, and the early requests' entry (src/early.ts) it loads beside it.
  const entryKeys = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (!entryKeys.includes('index.html')) throw new Error('index.html is not an entry of the Vite manifest');

  const initial = new Set();
  const visit = (key) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  entryKeys.forEach(visit);

  const gz = (file) => gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length;
  const rows = [...initial].map((key) => {
    const file = manifest[key].file;
    return { chunk: manifest[key].name ?? key, file, raw: fs.statSync(path.join(outDir, file)).size, gzip: gz(file) };
  });
  const totalGzip = rows.reduce((sum, r) => sum + r.gzip, 0);

  // The admin and profile code: each in its own chunk, loaded only by a dynamic import.
  const lazy = {};
  for (const area of ['admin', 'profile']) {
    const chunk = Object.entries(manifest).find(([, c]) => c.src === `src/features/${area}/${area}-routes.tsx`);
    if (!chunk) throw new Error(`no separate ${area} chunk in the build`);
    if (initial.has(chunk[0]) || !chunk[1].isDynamicEntry) {
      throw new Error(`the ${area} chunk is part of the landing page's initial JavaScript`);
    }
    lazy[area] = { file: chunk[1].file, gzip: gz(chunk[1].file) };
  }

  const kb = (n) => (n / 1000).toFixed(1);
  console.log('landing page initial JavaScript (gzip -9):');
  for (const r of rows)
    console.log(`  ${r.chunk.padEnd(12)} ${kb(r.raw).padStart(8)} kB raw  ${kb(r.gzip).padStart(7)} kB gzip`);
  console.log(
    `  ${'total'.padEnd(12)} ${''.padStart(15)}  ${kb(totalGzip).padStart(7)} kB gzip (budget ${budgetKb} kB)`,
  );
  for (const [area, c] of Object.entries(lazy))
    console.log(`lazy ${area} chunk: ${c.file}, ${kb(c.gzip)} kB gzip, not initial`);

  const result = {
    measuredAt: new Date().toISOString(),
    initialGzipBytes: totalGzip,
    budgetBytes: budgetKb * 1000,
    chunks: rows,
    lazy,
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/frontend-size.json'), `${JSON.stringify(result, null, 2)}\n`);
  if (totalGzip > budgetKb * 1000) {
    console.error(`over budget: ${kb(totalGzip)} kB > ${budgetKb} kB`);
    process.exitCode = 1;
  }
} catch (err) {
  console.error(`frontend-size: ${err.message}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
