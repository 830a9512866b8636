// The studio: studio/dist when it has been built (with the single-page fallback to index.html),
// otherwise a small page saying so.
//
// Serving: every file is read once at start (the build is small) with its pre-compressed variants
// (`<file>.br`, `<file>.gz`, written by the build: studio/scripts/precompress.mjs), and answered by the
// request's Accept-Encoding (brotli, then gzip, else identity) with `Content-Encoding` and
// `Vary: Accept-Encoding`, so no request pays for compression. Caching: Vite's hashed files under
// assets/ are `public, max-age=31536000, immutable` (a new build gives new names); index.html, which
// names them, is `no-store`, so a new version is picked up on the next visit; other files revalidate
// (`no-cache` with an ETag).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Router, type Request, type Response } from 'express';

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Karya</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; \
line-height: 1.5">
<h1>Karya</h1>
<p>The studio is not built yet, so there is no web interface to show here.</p>
<p>The server and its JSON API are running: see <a href="/api/health">/api/health</a>, and <code>docs/api.md</code> \
for every route.</p>
</body></html>`;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_STORE = 'no-store';
const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

type Encoding = 'br' | 'gzip';

interface Variant {
  body: Buffer;
  etag: string;
}

interface Asset {
  type: string;
  cacheControl: string;
  identity: Variant;
  encoded: Partial<Record<Encoding, Variant>>;
}

/** A Vite output name with its content hash (`assets/Profile-cHpZztck.js`). */
function isHashed(relative: string): boolean {
  return relative.startsWith('assets/') && /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i.test(relative);
}

/** A strong ETag for bytes that do not change while the server runs (the studio's files, the API's catalog). */
export function etagOf(body: string | Buffer, suffix = ''): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}${suffix}"`;
}

function variant(body: Buffer, suffix = ''): Variant {
  return { body, etag: etagOf(body, suffix) };
}

function walk(dir: string, base = dir): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files.push(...walk(full, base));
    else files.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return files;
}

/** Every file of the build by its URL path (`/assets/x-abc12345.js`), with its variants. */
export function loadAssets(studioDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const files = new Set(walk(studioDir));
  for (const relative of files) {
    if (relative.endsWith('.br') || relative.endsWith('.gz')) continue;
    const full = path.join(studioDir, relative);
    const encoded: Asset['encoded'] = {};
    if (files.has(`${relative}.br`)) encoded.br = variant(readFileSync(`${full}.br`), '-br');
    if (files.has(`${relative}.gz`)) encoded.gzip = variant(readFileSync(`${full}.gz`), '-gz');
    assets.set(`/${relative}`, {
      type: TYPES[path.extname(relative).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: relative === 'index.html' ? NO_STORE : isHashed(relative) ? IMMUTABLE : REVALIDATE,
      identity: variant(readFileSync(full)),
      encoded,
    });
  }
  return assets;
}

/** The q-value of each coding an Accept-Encoding header names (`*` included). */
function acceptedCodings(header: string | undefined): Map<string, number> {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  return accepted;
}

/** The encoding to answer with: brotli, then gzip, among those the asset has and the request accepts (q > 0). */
export function chooseEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | undefined {
  const accepted = acceptedCodings(header);
  const wildcard = accepted.get('*') ?? 0;
  for (const coding of ['br', 'gzip'] as const) {
    if (!available.includes(coding)) continue;
    const q = accepted.get(coding) ?? (coding === 'gzip' ? accepted.get('x-gzip') : undefined) ?? wildcard;
    if (q > 0) return coding;
  }
  return undefined;
}

function send(req: Request, res: Response, asset: Asset): void {
  const available = Object.keys(asset.encoded) as Encoding[];
  const encoding = available.length ? chooseEncoding(req.get('accept-encoding'), available) : undefined;
  const chosen = encoding ? asset.encoded[encoding]! : asset.identity;
  res.setHeader('Content-Type', asset.type);
  res.setHeader('Cache-Control', asset.cacheControl);
  if (available.length) res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  if (asset.cacheControl !== NO_STORE) {
    res.setHeader('ETag', chosen.etag);
    const match = req.get('if-none-match');
    if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === chosen.etag)) {
      res.status(304).end();
      return;
    }
  }
  res.setHeader('Content-Length', chosen.body.length);
  res.status(200);
  if (req.method === 'HEAD') res.end();
  else res.end(chosen.body);
}

export function studioRoutes(studioDir: string): Router {
  const router = Router();
  const index = path.join(studioDir, 'index.html');
  if (!existsSync(index)) {
    router.get('/{*path}', (_req, res) => {
      res.status(200).type('html').send(NOT_BUILT);
    });
    return router;
  }
  const assets = loadAssets(studioDir);
  const indexAsset = assets.get('/index.html')!;
  router.get('/{*path}', (req, res, next) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const asset = assets.get(pathname);
    if (asset) return send(req, res, asset);
    // A missing build file is a 404 (an old page asking for a chunk of an earlier build), not the page.
    if (pathname.startsWith('/assets/'))
      return res.status(404).type('text').setHeader('Cache-Control', NO_STORE).send('Not found');
    return send(req, res, indexAsset);
  });
  return router;
}
