// The studio: studio/dist when it has been built (with the single-page fallback to index.html),
// otherwise a small page saying so.
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Karya</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Karya</h1>
<p>The studio is not built yet, so there is no web interface to show here.</p>
<p>The server and its JSON API are running: see <a href="/api/health">/api/health</a>, and <code>docs/api.md</code> for every route.</p>
</body></html>`;

export function studioRoutes(studioDir: string): Router {
  const router = Router();
  const index = path.join(studioDir, 'index.html');
  if (!existsSync(index)) {
    router.get('/{*path}', (_req, res) => {
      res.status(200).type('html').send(NOT_BUILT);
    });
    return router;
  }
  router.use(express.static(studioDir, { index: false, maxAge: '1h' }));
  router.get('/{*path}', (_req, res) => {
    res.sendFile(index);
  });
  return router;
}
