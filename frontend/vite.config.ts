import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// Vendor code is grouped by how often it changes, so a release that only touches our code keeps the big
// chunks cached. Our own code is never assigned here: the admin and profile screens get their own chunks
// from the router's dynamic imports (admin-routes, profile-routes). A manual chunk would also swallow
// every unassigned module it imports, and the landing page would then import it statically.
function manualChunks(id: string): string | undefined {
  const path = id.replace(/\\/g, '/');
  if (!path.includes('/node_modules/')) return undefined;
  if (path.includes('/node_modules/@mui/x-data-grid')) return 'data-grid';
  if (/\/node_modules\/(@mui|@emotion)\//.test(path)) return 'mui';
  return 'vendor';
}

export default defineConfig({
  root,
  // Relative asset URLs: with hash routing the app works wherever the BFF mounts it.
  base: './',
  plugins: [react()],
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
