// What an operator sees: liveness and readiness on any Host, 503 while stopping, Prometheus
// metrics behind KARYA_METRICS_TOKEN, Strict-Transport-Security only over https, keep-alive comments on
// event streams, and the start-up handler that answers at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSE_KEEP_ALIVE_MS } from '../../server/http/sse.js';
import { createLifecycle, startingHandler } from '../../server/http/lifecycle.js';
import { createApp } from '../../server/app.js';
import { signUp, startTestServer, serverOnFakeModel, uniqueEmail, type TestServer } from './helpers.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('probes', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ config: { publicUrl: 'https://karya.example.com' } });
  });
  afterAll(() => ts.close());

  it('/api/health and /api/ready answer 200 with Host 10.1.2.3 (the pod IP); other API paths still 421', async () => {
    const health = await ts.http.get('/api/health').set('host', '10.1.2.3');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    const ready = await ts.http.get('/api/ready').set('host', '10.1.2.3:3000');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { store: 'ok', queue: 'unused', migrations: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect((await ts.http.get('/api/me').set('host', '10.1.2.3')).status).toBe(421);
  });

  it('/api/ready answers 503 naming the part that is not ready', async () => {
    const lifecycle = createLifecycle({
      readiness: async () => ({ store: 'unreachable', queue: 'unused', migrations: 'ok' }),
    });
    const app = createApp(ts.ctx, { lifecycle });
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ready`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      const body = (await res.json()) as {
        status: string;
        error: { code: string; message: string; fields: Record<string, string> };
      };
      expect(body.status).toBe('not_ready');
      expect(body.error.code).toBe('not_ready');
      expect(body.error.fields).toEqual({ store: 'unreachable' });
      expect(body.error.message).toContain('store');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('while stopping, new work gets 503 shutting_down with Retry-After; reads still answer', async () => {
    const lifecycle = createLifecycle();
    const app = createApp(ts.ctx, { lifecycle });
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      lifecycle.phase = 'stopping';
      const res = await fetch(`${url}/api/generators/poems/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'karya.example.com' },
        body: '{"settings":{}}',
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('shutting_down');
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      expect((await fetch(`${url}/api/ready`)).status).toBe(503);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it(
    'the start-up handler answers at once: health 200 starting, ' +
      'anything else 503 starting with Retry-After (in Malay when asked)',
    async () => {
      const server = createServer(startingHandler({ version: '9.9.9' }));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const health = await fetch(`${url}/api/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toEqual({ status: 'starting', version: '9.9.9' });
        const other = await fetch(`${url}/api/generators/poems/generate`, {
          method: 'POST',
          body: '{}',
          headers: { 'accept-language': 'ms' },
        });
        expect(other.status).toBe(503);
        expect(other.headers.get('retry-after')).toBe('1');
        expect(await other.json()).toEqual({
          error: { code: 'starting', message: 'Pelayan sedang bermula. Sila cuba lagi sebentar lagi.' },
        });
        expect((await fetch(`${url}/api/ready`)).status).toBe(503);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  );
});

describe('GET /metrics', () => {
  it('is 404 without KARYA_METRICS_TOKEN', async () => {
    const ts = await startTestServer();
    try {
      expect((await ts.http.get('/metrics')).status).toBe(404);
      expect((await ts.http.get('/metrics').set('authorization', `Bearer ${TOKEN}`)).status).toBe(404);
    } finally {
      await ts.close();
    }
  });

  it('is 401 without the token or with a wrong one, Prometheus text with karya_ metrics with it', async () => {
    const ts = await startTestServer({ config: { metricsToken: TOKEN } });
    try {
      expect((await ts.http.get('/metrics')).status).toBe(401);
      expect((await ts.http.get('/metrics').set('authorization', 'Bearer wrong')).status).toBe(401);
      expect((await ts.http.get('/metrics').set('authorization', `Bearer ${TOKEN}x`)).status).toBe(401);
      // Some traffic: a generation (charged), a page, an unknown path.
      const cookie = await signUp(ts, uniqueEmail());
      const gen = await ts.http.post('/api/generators/poems/generate').set('cookie', cookie).send({ settings: {} });
      expect(gen.status).toBe(200);
      await ts.http.get('/api/generators/romance');
      await ts.http.get('/api/nope');
      const res = await ts.http.get('/metrics').set('authorization', `Bearer ${TOKEN}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const names = new Set([...res.text.matchAll(/^# TYPE (karya_\w+)/gm)].map((m) => m[1]));
      expect(names.size).toBeGreaterThanOrEqual(5);
      for (const name of [
        'karya_http_request_duration_seconds',
        'karya_generations_total',
        'karya_credits_charged_total',
        'karya_credits_refunded_total',
        'karya_open_streams',
        'karya_queue_depth',
        'karya_queue_oldest_age_seconds',
        'karya_export_duration_seconds',
      ]) {
        expect(names.has(name), name).toBe(true);
      }
      // Latency by route pattern, never the raw path.
      expect(res.text).toContain(
        'karya_http_request_duration_seconds_count{method="GET",route="/api/generators/:id",status="200"} 1',
      );
      expect(res.text).not.toContain('route="/api/generators/romance"');
      expect(res.text).toMatch(/karya_generations_total\{provider="[^"]+",outcome="done"\} 1/);
      expect(res.text).toMatch(/^karya_credits_charged_total 1$/m);
      expect(res.text).toMatch(/^karya_queue_depth 0$/m);
    } finally {
      await ts.close();
    }
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent when KARYA_PUBLIC_URL is https, never over plain http otherwise', async () => {
    const plain = await startTestServer();
    const https = await startTestServer({ config: { publicUrl: 'https://karya.example.com' } });
    try {
      expect((await plain.http.get('/api/health')).headers['strict-transport-security']).toBeUndefined();
      expect((await https.http.get('/api/health')).headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await plain.close();
      await https.close();
    }
  });

  it('is sent for a request that came over TLS through a trusted proxy', async () => {
    const ts = await startTestServer({ config: { trustProxy: 1 } });
    try {
      expect(
        (await ts.http.get('/api/health').set('x-forwarded-proto', 'https')).headers['strict-transport-security'],
      ).toMatch(/^max-age=/);
      expect(
        (await ts.http.get('/api/health').set('x-forwarded-proto', 'http')).headers['strict-transport-security'],
      ).toBeUndefined();
    } finally {
      await ts.close();
    }
  });
});

describe('event stream keep-alive', () => {
  // A model that takes 1.2 s before its answer; keep-alive every 250 ms in this test (15 s by default).
  const model = serverOnFakeModel({ latencyMs: 1_200 }, { config: { sseKeepAliveMs: 250 } });

  it('is 15 s by default', () => {
    expect(SSE_KEEP_ALIVE_MS).toBe(15_000);
  });

  it('a stream waiting on a slow model gets keep-alive comments before its first word, then done', async () => {
    const cookie = await signUp(model.ts, uniqueEmail());
    const res = await fetch(`${model.ts.url}/api/generators/poems/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie },
      body: JSON.stringify({ settings: {} }),
    });
    const text = await res.text();
    // The stream opens with what it waits for (`waiting`), then keeps the connection alive until the first words.
    const beforeFirstWords = text.slice(0, text.search(/^event: (?!waiting)/m));
    expect(beforeFirstWords).toMatch(/^event: waiting$/m);
    expect(beforeFirstWords.match(/^: keep-alive$/gm)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(text).toContain('event: done');
  });
});

describe('a body whose Content-Encoding is broken', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts.close());

  it.each(['gzip', 'deflate', 'br'])('%s that does not decode: 400 bad_encoding, not 500', async (encoding) => {
    const res = await fetch(`${ts.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      body: 'not compressed at all',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('bad_encoding');
  });

  it(
    'an encoding the server does not speak: 415 bad_encoding ' + '(in Malay when asked); the Stripe webhook too',
    async () => {
      const res = await fetch(`${ts.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'zstd-x', 'accept-language': 'ms' },
        body: '{}',
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({
        error: {
          code: 'bad_encoding',
          message:
            'Kandungan permintaan tidak dapat dinyahkod (Content-Encoding). ' +
            'Hantar tanpa mampatan atau sebagai gzip, deflate atau br.',
        },
      });
      const webhook = await fetch(`${ts.url}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'stripe-signature': 'x' },
        body: 'garbage',
      });
      expect(webhook.status).toBeLessThan(500);
    },
  );
});

describe('reset links in the log', () => {
  it('outbox mail is logged whole only on a loopback development machine, never in production', async () => {
    const { logsMailBodies } = await import('../../server/core/mail.js');
    expect(logsMailBodies('http://localhost:3000', {})).toBe(true);
    expect(logsMailBodies('http://localhost:3000', { NODE_ENV: 'production' })).toBe(false);
    expect(logsMailBodies('https://karya.example.com', {})).toBe(false);
    expect(logsMailBodies('http://192.168.1.5:3000', {})).toBe(false);
  });

  it('a reset request on a public server writes the link to the outbox, and no token to the log', async () => {
    const lines: string[] = [];
    const { createLogger } = await import('../../server/start.js');
    const { Writable } = await import('node:stream');
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const ts = await startTestServer({
      logger: createLogger('info', sink as never),
      config: { publicUrl: 'https://karya.example.com' },
    });
    try {
      const email = uniqueEmail('forgetful');
      await signUp(ts, email);
      expect(
        (await ts.http.post('/api/auth/request-password-reset').set('host', 'karya.example.com').send({ email }))
          .status,
      ).toBe(200);
      let mail: { body: string } | undefined;
      for (let i = 0; i < 100 && !mail; i++) {
        mail = ts.store.first(ts.store.db.selectFrom('mail_outbox').select('body').where('to_address', '=', email));
        if (!mail) await new Promise((r) => setTimeout(r, 20));
      }
      const token = /token=([\w-]+)/.exec(mail!.body)![1]!;
      await new Promise((r) => setTimeout(r, 50));
      expect(lines.join('')).toContain('mail_outbox');
      expect(lines.join('')).not.toContain(token);
    } finally {
      await ts.close();
    }
  });
});
