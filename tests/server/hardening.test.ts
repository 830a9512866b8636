// Hardening: helmet headers, the same-origin check on every non-GET, the JSON body limit, the error
// shape for unknown routes and bad JSON, log redaction, the studio (built or not), and property-based
// fuzzing of every JSON body of every route (generated from the routers): never a 5xx.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLogger } from '../../server/start.js';
import { apiRoutes, signUp, startTestServer, uniqueEmail, userWithRole, type TestServer } from './helpers.js';
import { precompress } from '../../studio/scripts/precompress.mjs';
import { SECRET_KEY, WEBHOOK_SECRET, startFakeStripe } from '../fake-stripe.js';
import { tempDir } from '../temp.js';

const logLines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logLines.push(chunk.toString('utf8'));
    callback();
  },
});
// Checkout is configured (against a fake Stripe) so that the fuzzing reaches past "not set up".
const stripe = await startFakeStripe();
const ts = await startTestServer({
  logger: createLogger('info', sink),
  config: { stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url } },
});
afterAll(async () => {
  await ts.close();
  await stripe.close();
});

describe('headers and origin', () => {
  it("sets helmet's headers on the studio page and OWASP's REST headers on the API", async () => {
    const page = await ts.http.get('/');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-powered-by']).toBeUndefined();
    // An answer, an error and a missing route alike: nothing in them runs or is framed, their type is as declared.
    for (const res of [
      await ts.http.get('/api/health'),
      await ts.http.get('/api/me'),
      await ts.http.get('/api/no-such-route'),
    ]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('the recorded helmet headers are exactly what helmet itself sets on a request', async () => {
    const { default: express } = await import('express');
    const { default: helmet } = await import('helmet');
    const { helmetMiddleware } = await import('../../server/http/security.js');
    const { default: request } = await import('supertest');
    const headersOf = async (middleware: import('express').RequestHandler) => {
      const app = express();
      app.disable('x-powered-by');
      app.use(middleware);
      app.get('/', (_req, res) => void res.send('ok'));
      const { headers } = await request(app).get('/');
      return Object.fromEntries(
        Object.entries(headers).filter(
          ([k]) => !['date', 'etag', 'content-length', 'content-type', 'connection', 'keep-alive'].includes(k),
        ),
      );
    };
    const own = helmet({
      contentSecurityPolicy: {
        directives: {
          'img-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'"],
          'upgrade-insecure-requests': null,
        },
      },
    });
    // An https site gets every helmet header; a plain http one the same without Strict-Transport-Security.
    const recorded = await headersOf(helmetMiddleware({ isHttpsSite: true }));
    expect(Object.keys(recorded).length).toBeGreaterThan(8);
    expect(recorded).toEqual(await headersOf(own));
    const { 'strict-transport-security': hsts, ...plain } = recorded;
    expect(hsts).toMatch(/max-age=/);
    expect(await headersOf(helmetMiddleware())).toEqual(plain);
  });

  it(
    'API answers are no-store and carry no ETag; the ' + 'public catalog revalidates with one and answers 304',
    async () => {
      const cookie = await signUp(ts, uniqueEmail());
      for (const url of ['/api/me', '/api/history', '/api/books', '/api/nope']) {
        const res = await ts.http.get(url).set('cookie', cookie);
        expect(res.status, url).toBe(url === '/api/nope' ? 404 : 200);
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(res.headers.etag, url).toBeUndefined();
      }
      for (const url of ['/api/generators', '/api/generators/romance']) {
        const first = await ts.http.get(url);
        expect(first.status).toBe(200);
        expect(first.headers['cache-control']).toBe('no-cache');
        expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(first.headers.etag).toMatch(/^"[\w-]{22}"$/);
        const again = await ts.http.get(url).set('if-none-match', first.headers.etag!);
        expect(again.status).toBe(304);
        expect(again.text ?? '').toBe('');
        expect((await ts.http.get(url).set('if-none-match', '"other"')).body).toEqual(first.body);
      }
      expect((await ts.http.get('/api/generators/no-such-generator')).status).toBe(404);
    },
  );

  it('refuses a cross-site state change, allows same-origin and non-browser clients', async () => {
    const host = new URL(ts.url).host;
    const evil = await ts.http
      .post('/api/auth/sign-up/email')
      .set('origin', 'https://evil.example')
      .send({ email: uniqueEmail(), password: 'karya-secret1' });
    expect(evil.status).toBe(403);
    expect(evil.body.error).toEqual({ code: 'cross_origin', message: 'Cross-origin requests are not allowed' });
    const site = await ts.http.post('/api/auth/sign-out').set('sec-fetch-site', 'cross-site');
    expect(site.status).toBe(403);
    expect(
      (
        await ts.http
          .post('/api/auth/sign-up/email')
          .set('origin', `http://${host}`)
          .set('sec-fetch-site', 'same-origin')
          .send({ email: uniqueEmail(), password: 'karya-secret1' })
      ).status,
    ).toBe(201);
    expect(
      (
        await ts.http
          .post('/api/auth/sign-up/email')
          .set('origin', ts.ctx.config.publicUrl)
          .send({ email: uniqueEmail(), password: 'karya-secret1' })
      ).status,
    ).toBe(201);
    expect(
      (await ts.http.post('/api/auth/sign-up/email').send({ email: uniqueEmail(), password: 'karya-secret1' })).status,
    ).toBe(201);
    expect((await ts.http.get('/api/health').set('origin', 'https://evil.example')).status).toBe(200);
  });
});

describe('bodies and errors', () => {
  it('answers 413 above 100 kB, 400 for malformed JSON, 404 JSON for an unknown API route', async () => {
    const big = await ts.http
      .post('/api/auth/sign-in/email')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(110_000) }));
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('body_too_large');
    const bad = await ts.http
      .post('/api/auth/sign-in/email')
      .set('content-type', 'application/json')
      .send('{"email": ');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({ code: 'invalid_json', message: 'The request body is not valid JSON' });
    const missing = await ts.http.get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('health answers without a session', async () => {
    const res = await ts.http.get('/api/health');
    expect(res.body).toMatchObject({ status: 'ok', provider: 'offline', generators: ts.ctx.catalog.specs.length });
  });
});

describe('logs', () => {
  it(
    'request lines carry no cookie, authorization or password; ' + 'the logger redacts them wherever they are logged',
    async () => {
      const cookie = await signUp(ts);
      logLines.length = 0;
      await ts.http.get('/api/me').set('cookie', cookie).set('authorization', 'Bearer top-secret-token');
      await ts.http.post('/api/auth/sign-in/email').send({ email: 'nobody@karya.test', password: 'hunter2-secret' });
      ts.ctx.logger.warn(
        {
          req: {
            headers: { cookie: 'karya_session=leaked', authorization: 'Bearer leaked' },
            body: { password: 'leaked-password' },
          },
        },
        'a line with headers',
      );
      const text = logLines.join('');
      expect(text).toContain('"url":"/api/me"');
      expect(text).toContain('"statusCode":401');
      expect(text).toContain('[redacted]');
      for (const secret of [cookie.split('=')[1]!, 'top-secret-token', 'hunter2-secret', 'leaked'])
        expect(text).not.toContain(secret);
    },
  );
});

describe('the studio', () => {
  it('says the studio is not built when studio/dist is missing', async () => {
    const res = await ts.http.get('/profile/edit');
    expect(res.status).toBe(200);
    expect(res.text).toContain('The studio is not built yet');
  });

  it('serves studio/dist with the single-page fallback when it exists', async () => {
    const dir = tempDir('karya-studio-');
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Studio</title><div id="root"></div>');
    writeFileSync(path.join(dir, 'app.js'), 'console.log(1)');
    const built = await startTestServer({ config: { studioDir: dir } });
    try {
      expect((await built.http.get('/')).text).toContain('<div id="root">');
      expect((await built.http.get('/romance')).text).toContain('<div id="root">');
      expect((await built.http.get('/app.js')).text).toBe('console.log(1)');
      expect((await built.http.get('/api/nope')).status).toBe(404);
    } finally {
      await built.close();
    }
  });

  describe('a built studio: pre-compressed assets, encoding negotiation and caching', () => {
    const dir = tempDir('karya-studio-');
    const script = `export const words = [${Array.from({ length: 400 }, (_, i) => `"word ${i}"`).join(', ')}];\n`;
    const page =
      `<!doctype html><html><head><script type="module" ` +
      `src="/assets/index-AbCd1234.js"></script></head><body><div ` +
      `id="root"></div>${'<!-- padding -->'.repeat(60)}</body></html>`;
    let built: TestServer;
    beforeAll(async () => {
      mkdirSync(path.join(dir, 'assets'));
      writeFileSync(path.join(dir, 'index.html'), page);
      writeFileSync(path.join(dir, 'assets', 'index-AbCd1234.js'), script);
      writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
      // What the build does after Vite writes the bundle.
      const written = precompress(dir);
      expect(written.map((w) => w.file).sort()).toEqual(['assets/index-AbCd1234.js', 'index.html']);
      expect(
        existsSync(path.join(dir, 'assets', 'index-AbCd1234.js.br')) &&
          existsSync(path.join(dir, 'assets', 'index-AbCd1234.js.gz')),
      ).toBe(true);
      built = await startTestServer({ config: { studioDir: dir } });
    });
    afterAll(() => built.close());
    /** The raw answer (no client-side decoding), as a browser's network layer receives it. */
    const get = (url: string, acceptEncoding: string, extra: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        httpGet(`${built.url}${url}`, { headers: { 'accept-encoding': acceptEncoding, ...extra } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        }).on('error', reject);
      });

    it(
      'answers brotli, gzip or plain by Accept-Encoding, always ' +
        'with Vary: Accept-Encoding, and the same bytes once decoded',
      async () => {
        const br = await get('/assets/index-AbCd1234.js', 'gzip, deflate, br');
        expect([br.status, br.headers['content-encoding'], br.headers.vary]).toEqual([200, 'br', 'Accept-Encoding']);
        expect(br.headers['content-type']).toMatch(/^text\/javascript/);
        expect(brotliDecompressSync(br.body).toString()).toBe(script);
        expect(Number(br.headers['content-length'])).toBeLessThan(script.length / 3);

        const gz = await get('/assets/index-AbCd1234.js', 'gzip');
        expect([gz.headers['content-encoding'], gz.headers.vary]).toEqual(['gzip', 'Accept-Encoding']);
        expect(gunzipSync(gz.body).toString()).toBe(script);

        for (const header of ['identity', 'br;q=0, gzip;q=0', '']) {
          const plain = await get('/assets/index-AbCd1234.js', header);
          expect([plain.headers['content-encoding'], plain.headers.vary]).toEqual([undefined, 'Accept-Encoding']);
          expect(plain.body.toString()).toBe(script);
        }
        expect((await get('/assets/index-AbCd1234.js', 'br;q=0, *')).headers['content-encoding']).toBe('gzip');
      },
    );

    it(
      'hashed assets are cached for a year, immutable; ' + 'index.html is never cached, also as the fallback page',
      async () => {
        expect((await get('/assets/index-AbCd1234.js', 'br')).headers['cache-control']).toBe(
          'public, max-age=31536000, immutable',
        );
        for (const url of ['/', '/index.html', '/romance', '/profile/edit']) {
          const res = await get(url, 'br');
          expect([res.status, res.headers['cache-control'], res.headers['content-encoding']]).toEqual([
            200,
            'no-store',
            'br',
          ]);
          expect(brotliDecompressSync(res.body).toString()).toBe(page);
        }
        const robots = await get('/robots.txt', 'br');
        expect([robots.headers['cache-control'], robots.headers['content-encoding'], robots.body.toString()]).toEqual([
          'no-cache',
          undefined,
          'User-agent: *\n',
        ]);
      },
    );

    it('a revalidation with the ETag answers 304; a missing build file is a 404, not the page', async () => {
      const first = await get('/assets/index-AbCd1234.js', 'gzip');
      const again = await get('/assets/index-AbCd1234.js', 'gzip', { 'if-none-match': first.headers.etag! });
      expect(again.status).toBe(304);
      const missing = await get('/assets/index-OldBuild1.js', 'br');
      expect([missing.status, missing.headers['cache-control']]).toEqual([404, 'no-store']);
      const head = await built.http.head('/assets/index-AbCd1234.js').set('accept-encoding', 'br');
      expect([head.status, head.headers['content-encoding']]).toEqual([200, 'br']);
    });
  });
});

describe('fuzzing every JSON body (fast-check): never a 5xx', () => {
  const KEYS = [
    'email',
    'password',
    'name',
    'bio',
    'plan',
    'rememberMe',
    'token',
    'newPassword',
    'currentPassword',
    'settings',
    'lang',
    'chapterTitle',
    'step',
    'code',
    'credits',
    'description',
    'role',
    'reason',
    'useAzure',
    'kind',
    'position',
    'numberOfChapters',
    'heatLevel',
    'package',
    '__proto__',
    'constructor',
  ];
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom(
      '',
      ' ',
      'en',
      'ms',
      'admin',
      'pro',
      'basic',
      'karya-secret1',
      'POEMS',
      'x'.repeat(300),
      -1,
      0,
      6,
      1e308,
      10_000,
      10_001,
      true,
      null,
    ),
  );
  const shaped = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 });
  const settingsShaped = fc.record(
    {
      settings: fc.dictionary(
        fc.constantFrom('language', 'heatLevel', 'numberOfChapters', 'tone', 'theme', 'x'),
        value,
      ),
      lang: value,
      step: value,
    },
    { requiredKeys: [] },
  );
  const body = fc.oneof(fc.jsonValue({ maxDepth: 3 }), shaped, settingsShaped);

  const routes = apiRoutes(ts.ctx).filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));

  it('finds the JSON routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it.each(routes)('$method $path', async ({ method, path: template }) => {
    const admin = await userWithRole(ts, 'admin');
    const target = uniqueEmail('fuzz');
    await signUp(ts, target);
    const targetId = (await ts.ctx.repos.users.findByEmail(target))!.id;
    await ts.ctx.repos.codes.createCode({
      code: `FUZZ${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      credits: 1,
      createdBy: 'test',
    });
    const deployment = ts.store.first(ts.store.db.selectFrom('deployments').select('id'))!.id;
    const url = template
      .replace(':id/generate', 'poems/generate')
      .replace('/users/:id', `/users/${targetId}`)
      .replace('/deployments/:id', `/deployments/${deployment}`);
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, asAdmin) => {
        const cookie = asAdmin ? admin.cookie! : (await userWithRole(ts, 'free')).cookie!;
        const res = await fetch(`${ts.url}${url}`, {
          method,
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(payload),
        });
        await res.arrayBuffer();
        if (res.status >= 500) throw new Error(`${method} ${url} answered ${res.status} to ${JSON.stringify(payload)}`);
      }),
      { numRuns: 40 },
    );
  });
});

describe('docs/api.md', () => {
  it('documents every route of the routers', async () => {
    const { readFileSync } = await import('node:fs');
    const { ROOT } = await import('../../engine/node/load.js');
    const docs = readFileSync(path.join(ROOT, 'docs', 'api.md'), 'utf8');
    const missing = apiRoutes(ts.ctx).filter((r) => !docs.includes(`\`${r.method} ${r.path}`));
    expect(missing).toEqual([]);
  });
});
