// Vite build of the studio: studio/ → studio/dist (served by `karya serve`), one chunk per route,
// a manifest for `npm run bench:studio`, and every text asset pre-compressed (gzip, brotli). `vite --config studio/vite.config.ts` proxies /api to :3000.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/precompress.mjs';
import { languageTablePlugin } from './scripts/language-table.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: '/',
  plugins: [
    react(),
    tailwindcss(),
    // languages/**/*.yaml as one JSON module, read at build time: the bundle ships the table, not a YAML parser.
    languageTablePlugin(),
    // gzip + brotli next to every text asset once the bundle is written (server/static.ts serves them), in the
    // build's own folder (dist/, or another a test names with --outDir). KARYA_PRECOMPRESS=0 leaves them out (a
    // test's build of its own, served without them: brotli at quality 11 is a third of a build's CPU).
    ((outDir = path.join(here, 'dist')) => ({ name: 'karya-precompress', apply: 'build' as const, configResolved: (c: { root: string; build: { outDir: string } }) => void (outDir = path.resolve(c.root, c.build.outDir)), closeBundle: () => void (process.env.KARYA_PRECOMPRESS !== '0' && existsSync(outDir) && precompress(outDir)) }))(),
  ],
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // The engine's files only declare (no work at load), so a name the studio does not take from the
    // engine's pure door leaves its module, and what that module imports (handlebars, yaml), out of the bundle.
    rollupOptions: { treeshake: { moduleSideEffects: (id: string) => !/[\\/]engine[\\/]/.test(id) } },
  },
  server: {
    port: 5173,
    fs: { allow: [path.join(here, '..')] },
    proxy: { '/api': { target: process.env.KARYA_API ?? 'http://localhost:3000', changeOrigin: false } },
  },
});
