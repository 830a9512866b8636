// Vite build of the studio: studio/ → studio/dist (served by `karya serve`), one chunk per route,
// a manifest for `npm run bench:studio`. `vite --config studio/vite.config.ts` proxies /api to :3000.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    fs: { allow: [path.join(here, '..')] },
    proxy: { '/api': { target: process.env.KARYA_API ?? 'http://localhost:3000', changeOrigin: false } },
  },
});
