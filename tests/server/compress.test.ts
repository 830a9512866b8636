// Large API answers are compressed. GET /api/progress/<book> of a 6,500-word book goes out with
// brotli or gzip when the client accepts it (and as it is when it does not), with Vary: Accept-Encoding;
// small answers and the generation's event stream are not compressed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { userWithRole, startTestServer, type TestServer } from './helpers.js';

/** A raw GET (no client that decompresses by itself): status, headers and the bytes as sent. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('compressed API answers', () => {
  let fake: FakeOpenAI;
  let ts: TestServer;
  let cookie = '';
  let plain = '';
  beforeAll(async () => {
    fake = await startFakeOpenAI({ writeRatio: 1 });
    ts = await startTestServer({
      provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
    });
    ({ cookie } = (await userWithRole(ts, 'pro')) as { cookie: string });
    // Steps until the book has 6,500 words.
    for (let words = 0; words < 6500;) {
      const res = await ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', cookie)
        .send({ settings: { numberOfChapters: 7 } });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      words += res.body.words as number;
    }
    const res = await rawGet(`${ts.url}/api/progress/romance`, { cookie });
    plain = res.body.toString('utf8');
  }, 120_000);
  afterAll(async () => {
    await ts.close();
    await fake.close();
  });

  it(
    'GET /api/progress/<book> of a 6,500-word book: brotli ' + 'or gzip when accepted, with Vary: Accept-Encoding',
    async () => {
      expect(plain.length).toBeGreaterThan(30_000);
      const br = await rawGet(`${ts.url}/api/progress/romance`, { cookie, 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.body.byteLength).toBeLessThan(plain.length / 3);
      expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(JSON.parse(plain));

      const gz = await rawGet(`${ts.url}/api/progress/romance`, { cookie, 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(JSON.parse(plain));

      const none = await rawGet(`${ts.url}/api/progress/romance`, { cookie, 'accept-encoding': 'identity' });
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.body.toString('utf8')).toBe(plain);
    },
  );

  it('small answers and the event stream are sent as they are', async () => {
    const health = await rawGet(`${ts.url}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    const res = await fetch(`${ts.url}/api/generators/romance/generate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        'accept-encoding': 'br, gzip',
        cookie,
      },
      body: JSON.stringify({ settings: { numberOfChapters: 7 } }),
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    await res.text();
  });
});
