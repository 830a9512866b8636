#!/usr/bin/env node
// `npm start` runs this first: builds the studio (vite) when studio/dist is missing or older than its
// sources (studio/src, studio/index.html, the Vite config, the engine), so a clean clone serves a studio.
import { buildWithVite, studioBuild } from './studio-build.mjs';

const { builtAt, isFresh } = studioBuild();
if (isFresh && process.env.KARYA_REBUILD_STUDIO !== '1') process.exit(0);

process.stderr.write(builtAt ? 'karya: the studio sources changed; rebuilding studio/dist…\n' : 'karya: building the studio (studio/dist)…\n');
if (buildWithVite('inherit') !== 0) {
  process.stderr.write('karya: the studio build failed; the server still starts and serves the API.\n');
}
