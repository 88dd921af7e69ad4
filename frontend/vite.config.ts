import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ITEM_PAGE, LEADERBOARD, PROFILE_SCREENS } from './src/early-routes';

const root = fileURLToPath(new URL('.', import.meta.url));

// Vendor code is grouped by how often it changes, so a release that only touches our code keeps the big
// chunks cached. Of our own code only the small parts lazy pages share are assigned ('pages-shared'): the
// pages get their chunks from the router's dynamic imports (admin-routes, profile-routes, each feature's
// pages). A manual chunk swallows every unassigned module it imports, so nothing the landing page imports
// statically is ever assigned to a lazy chunk, or the landing page would import that chunk too.
// Only vendor modules the landing page reaches through static imports go to the initial 'mui' and 'vendor'
// chunks: the DataGrid and MUI parts only lazy screens use stay out of the landing page's JavaScript.
type ModuleInfoOf = (
  id: string,
) => { isEntry: boolean; importers: readonly string[]; importedIds: readonly string[] } | null;
type ModuleIdsOf = () => IterableIterator<string>;

/** Every module reached from `roots` through static imports (dynamic imports are where lazy chunks begin). */
function staticClosure(roots: Iterable<string>, getModuleInfo: ModuleInfoOf): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/** The landing page's modules: the entry's static closure, worked out once per build. */
let initialModules: Set<string> | undefined;
function reachedStatically(id: string, getModuleIds: ModuleIdsOf, getModuleInfo: ModuleInfoOf): boolean {
  initialModules ??= staticClosure(
    [...getModuleIds()].filter((m) => getModuleInfo(m)?.isEntry),
    getModuleInfo,
  );
  return initialModules.has(id);
}

/**
 * Our modules whose lazily loaded MUI parts form a small chunk of their own ('mui-pages'): the page
 * building blocks (src/components/ui) and the pages visitors most often open from outside, the leaderboard
 * and an item. Those pages then load a few kB of MUI (tables, pagination, skeletons, alerts, chips) instead
 * of every form control, dialog and menu the other lazy screens share ('mui-lazy').
 */
const LIGHT_PAGES = [
  /\/src\/components\/ui\//,
  /\/src\/features\/seasons\/components\/leaderboard-page\.tsx$/,
  /\/src\/features\/items\/components\/item-detail-page\.tsx$/,
];
let lightPageModules: Set<string> | undefined;

function manualChunks(
  id: string,
  { getModuleIds, getModuleInfo }: { getModuleIds: ModuleIdsOf; getModuleInfo: ModuleInfoOf },
): string | undefined {
  const path = id.replace(/\\/g, '/');
  if (!path.includes('/node_modules/')) {
    // The shared page parts only lazy pages use (page header and states, table placeholders, the item
    // display, the contracts' lists) in one small chunk, instead of a request for each.
    // One that imports a module of the landing page (page-states re-exports the LoadingState the router
    // shows) stays out: the chunk would swallow that module, and the landing page would load the chunk.
    const shared = /\/src\/(components\/ui|lib)\/|\/packages\/contracts\/src\//.test(path);
    if (!shared || reachedStatically(id, getModuleIds, getModuleInfo)) return undefined;
    const ownCode = [...staticClosure([id], getModuleInfo)].filter((m) => !/^\0|\/node_modules\//.test(m));
    return ownCode.some((m) => reachedStatically(m, getModuleIds, getModuleInfo)) ? undefined : 'pages-shared';
  }
  // The charts (death analytics) and the grid (admin tables) are used by different lazy screens.
  // What both share (@mui/x-internals …) goes in a third chunk, so neither screen loads the other's.
  if (/\/node_modules\/(@mui\/x-charts|d3-[a-z-]+|internmap)\//.test(path)) return 'charts';
  if (/\/node_modules\/@mui\/x-data-grid/.test(path)) return 'data-grid';
  if (/\/node_modules\/@mui\/x-/.test(path)) return 'mui-x';
  // The Grid is used by lazy pages only; @mui/system's barrel (which the shell reaches) re-exports it,
  // which made it look statically reached. Its own chunk stays lazy: nothing the shell uses imports it.
  if (/\/node_modules\/@mui\/(system|material)\/esm\/(Grid|Grid2)\//.test(path)) return 'mui-grid';
  const mui = /\/node_modules\/(@mui|@emotion)\//.test(path);
  // MUI parts only lazy screens use get their own lazy chunk, so the DataGrid chunk does not swallow the
  // ones the profile screens share with it.
  if (!reachedStatically(id, getModuleIds, getModuleInfo)) {
    if (!mui) return undefined;
    lightPageModules ??= staticClosure(
      [...getModuleIds()].filter((m) => LIGHT_PAGES.some((page) => page.test(m.replace(/\\/g, '/')))),
      getModuleInfo,
    );
    return lightPageModules.has(id) ? 'mui-pages' : 'mui-lazy';
  }
  return mui ? 'mui' : 'vendor';
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** Forgets the module sets of the last build (watch mode builds again in the same process). */
const chunkSets: Plugin = {
  name: 'league:chunk-sets',
  buildStart() {
    initialModules = undefined;
    lightPageModules = undefined;
  },
};

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of the build,
 * each only when it is smaller than the file. The BFF sends the copy the browser accepts with
 * Content-Encoding (bff/src/frontend.ts), so nothing is compressed per request and at the strongest levels.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'league:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const raw = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** The site's second entry: what a page opened from outside asks for before the app's JavaScript has run. */
const EARLY_ENTRY = 'src/early.ts';

/**
 * The pages visitors open from outside (a link, a bookmark, the launcher's buttons), by address, and the
 * module each starts in. The build fails when one of them is no longer a lazy chunk of its own.
 */
const LANDING_ROUTES: ReadonlyArray<readonly [RegExp, string]> = [
  [PROFILE_SCREENS, 'src/features/profile/profile-routes.tsx'],
  [LEADERBOARD, 'src/features/seasons/components/leaderboard-page.tsx'],
  [ITEM_PAGE, 'src/features/items/components/item-detail-page.tsx'],
];

/**
 * With hash routes the server cannot tell which page is opened, so a page's lazy chunk used to be asked for
 * only once the app's own JavaScript had arrived and run: a second round of downloads before anything of
 * the page could show. This writes a tiny script, loaded async from index.html, that reads the address and
 * adds a modulepreload for the opened page's chunks (and a preload for their stylesheets), so they
 * download alongside the app's.
 */
function routePreload(): Plugin {
  return {
    name: 'league:route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, seen);
        return seen;
      };
      const facade = (c: (typeof chunks)[number]) => c.facadeModuleId?.replace(/\\/g, '/') ?? '';
      const entry = chunks.find((c) => c.isEntry && facade(c).endsWith('/index.html'));
      const html = bundle['index.html'];
      if (!entry || !html || html.type !== 'asset') return;
      const initial = closure(entry.fileName);
      const table = LANDING_ROUTES.map(([pattern, module]) => {
        const chunk = chunks.find((c) => c.isDynamicEntry && facade(c).endsWith(module));
        if (!chunk) throw new Error(`route preload: ${module} is not a lazy chunk of its own`);
        const files = [...closure(chunk.fileName)].filter((f) => !initial.has(f));
        // The chunks' prebuilt styles too (src/app/emotion-cache.ts): the chunk's import waits for them.
        const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        return [pattern.source, [...files, ...css]] as const;
      });
      // A stylesheet is preloaded (as="style"), not applied: Vite's loader adds it and waits for it.
      const source =
        `(function(){var h=location.hash,t=${JSON.stringify(table)};` +
        `for(var i=0;i<t.length;i++)if(new RegExp(t[i][0]).test(h)){for(var j=0;j<t[i][1].length;j++){` +
        `var f=t[i][1][j],l=document.createElement('link');l.crossOrigin='';l.href='./'+f;` +
        `if(/\\.css$/.test(f)){l.rel='preload';l.as='style'}else l.rel='modulepreload';` +
        `document.head.appendChild(l)}break}})();\n`;
      // The early requests' entry (src/early.ts) runs as soon as it and the chunks it imports are in, before the
      // app's JavaScript: async, and each chunk it imports that the app's modulepreloads do not list yet (the
      // stash screen's start) gets one of its own, so it downloads with the page rather than once the entry
      // has been parsed.
      const early = chunks.find((c) => c.isEntry && facade(c).endsWith(EARLY_ENTRY));
      if (!early) throw new Error(`route preload: ${EARLY_ENTRY} is not an entry of the build`);
      const earlyImports = [...closure(early.fileName)].filter((f) => f !== early.fileName && !initial.has(f));
      const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'route-preload.js', source }));
      html.source = String(html.source).replace(
        '<script type="module"',
        `<script async fetchpriority="high" src="./${fileName}"></script>\n` +
          `    <script type="module" async crossorigin src="./${early.fileName}"></script>\n` +
          earlyImports.map((f) => `    <link rel="modulepreload" crossorigin href="./${f}">\n`).join('') +
          '    <script type="module"',
      );
    },
  };
}

/**
 * React Router publishes its production build beside the development one, but its package `exports` name
 * only the development build, whose warnings (checks on every navigation and render of a route, and their
 * messages) then ship to players. The build takes the production files: the two differ only in that flag.
 */
const productionRouter = (['index', 'dom-export'] as const).map((file) => ({
  find: file === 'index' ? /^react-router$/ : /^react-router\/dom$/,
  replacement: fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}.mjs`, import.meta.url)),
}));

export default defineConfig(({ command }) => ({
  root,
  // Relative asset URLs: with hash routing the app works wherever the BFF mounts it.
  base: './',
  plugins: [react(), chunkSets, routePreload(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Plain lists shared with the services; the path keeps zod out of the bundle.
      {
        find: '@league/contracts/catalogue-constants',
        replacement: fileURLToPath(new URL('../packages/contracts/src/catalogue-constants.ts', import.meta.url)),
      },
      {
        find: '@league/contracts/currencies',
        replacement: fileURLToPath(new URL('../packages/contracts/src/currencies.ts', import.meta.url)),
      },
      ...(command === 'build' ? productionRouter : []),
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the site supports preloads modules itself (Chrome 66, Firefox 115, Safari 17): the
    // polyfill was a kilobyte of the landing page's JavaScript for none of them.
    modulePreload: { polyfill: false },
    // Terser, two compress passes: 6.6 kB less gzipped JavaScript on the landing page than esbuild's
    // minifier (181.1 → 174.8 kB; vendor 123.7 → 119.4), for about 20 s more of build (13 → 33 s here).
    minify: 'terser',
    terserOptions: { module: true, compress: { passes: 2 } },
    rollupOptions: {
      // The page, and the requests a page opened from outside makes before the app has loaded (src/early.ts).
      input: { index: path.join(root, 'index.html'), early: path.join(root, EARLY_ENTRY) },
      output: { manualChunks },
    },
  },
}));
