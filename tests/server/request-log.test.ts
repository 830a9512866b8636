// The request log keeps no query string: a Content History search's words never reach the
// log, only the names of the query's parameters.
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { signUp, startTestServer, uniqueEmail } from './helpers.js';

describe('the request log', () => {
  it('logs the path and the names of the query parameters, never their values', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }),
    );
    const ts = await startTestServer({ logger });
    try {
      const cookie = await signUp(ts, uniqueEmail());
      expect((await ts.http.get('/api/history?search=my-secret-manuscript&limit=5').set('cookie', cookie)).status).toBe(
        200,
      );
      const line = lines
        .map((l) => JSON.parse(l) as { msg: string; req?: { url: string; query?: string[] } })
        .find((l) => l.msg === 'request completed' && l.req?.url === '/api/history');
      expect(line?.req).toEqual({ method: 'GET', url: '/api/history', query: ['search', 'limit'] });
      expect(lines.join('')).not.toContain('my-secret-manuscript');
    } finally {
      await ts.close();
    }
  });
});
