import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// Vendor code is grouped by how often it changes, so a release that only touches our code keeps the big
// chunks cached. Our own code is never assigned here: the admin and profile screens get their own chunks
// from the router's dynamic imports (admin-routes, profile-routes). A manual chunk would also swallow
// every unassigned module it imports, and the landing page would then import it statically.
// Only vendor modules the landing page reaches through static imports go to the initial 'mui' and 'vendor'
// chunks: the DataGrid and MUI parts only lazy screens use stay out of the landing page's JavaScript.
type ModuleInfoOf = (id: string) => { isEntry: boolean; importers: readonly string[] } | null;
/** Modules known to be reached from the entry by static imports (only positives are certain mid-walk). */
const staticallyReached = new Set<string>();

function reachedStatically(id: string, getModuleInfo: ModuleInfoOf, visiting = new Set<string>()): boolean {
  if (staticallyReached.has(id)) return true;
  if (visiting.has(id)) return false; // an import cycle does not make a module eager
  visiting.add(id);
  const info = getModuleInfo(id);
  const reached =
    !!info && (info.isEntry || info.importers.some((by) => reachedStatically(by, getModuleInfo, visiting)));
  if (reached) staticallyReached.add(id);
  return reached;
}

function manualChunks(id: string, { getModuleInfo }: { getModuleInfo: ModuleInfoOf }): string | undefined {
  const path = id.replace(/\\/g, '/');
  if (!path.includes('/node_modules/')) return undefined;
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
  if (!reachedStatically(id, getModuleInfo)) return mui ? 'mui-lazy' : undefined;
  return mui ? 'mui' : 'vendor';
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

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

export default defineConfig({
  root,
  // Relative asset URLs: with hash routing the app works wherever the BFF mounts it.
  base: './',
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Plain lists shared with the services; the path keeps zod out of the bundle.
      '@league/contracts/catalogue-constants': fileURLToPath(
        new URL('../packages/contracts/src/catalogue-constants.ts', import.meta.url),
      ),
      '@league/contracts/currencies': fileURLToPath(
        new URL('../packages/contracts/src/currencies.ts', import.meta.url),
      ),
    },
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
    rollupOptions: {
      output: { manualChunks },
    },
  },
});
