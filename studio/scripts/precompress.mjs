// Pre-compress the built studio (run by the Vite build, studio/vite.config.ts): next to every text
// asset in studio/dist write `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9), when
// they are smaller than the file. `karya serve` (server/static.ts) answers them by Accept-Encoding, so
// no request pays for compression. Also runnable by hand: `node studio/scripts/precompress.mjs [dir]`.
import { readdirSync, readFileSync, statSync, writeFileSync, unlinkSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map|ico)$/i;
const MIN_BYTES = 512;

function walk(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files.push(...walk(full));
    else files.push(full);
  }
  return files;
}

/** Compress every text asset under `dir`; answers what was written: `{ file, bytes, gzip, br }` per asset. */
export function precompress(dir) {
  const written = [];
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    for (const variant of ['.gz', '.br']) if (existsSync(file + variant)) unlinkSync(file + variant);
    if (body.length < MIN_BYTES) continue;
    const gz = gzipSync(body, { level: 9 });
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    written.push({ file: path.relative(dir, file), bytes: body.length, gzip: gz.length, br: br.length });
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
  const written = precompress(dir);
  const sum = (k) => written.reduce((n, w) => n + w[k], 0);
  process.stdout.write(`precompressed ${written.length} files in ${dir}: ${sum('bytes')} bytes → gzip ${sum('gzip')}, brotli ${sum('br')}\n`);
}
