// The API's guards run as one router layer (server/http/series.ts) and still in their order: the Host
// check before the same-origin check before the JSON body is read; every response carries helmet's
// headers and a request line, whichever guard answered.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { series } from '../../server/http/series.js';
import { startTestServer } from './helpers.js';

const ts = await startTestServer();
afterAll(() => ts.close());

describe('series', () => {
  const run = (handlers: RequestHandler[]) =>
    new Promise<{ calls: string[]; error: unknown }>((resolve) => {
      const calls: string[] = [];
      series(
        ...handlers.map(
          (h, i) =>
            ((req: Request, res: Response, next: NextFunction) => (
              calls.push(`h${i}`),
              h(req, res, next)
            )) as RequestHandler,
        ),
      )({} as Request, {} as Response, (error?: unknown) => resolve({ calls, error }));
    });

  it('runs each middleware after the previous one, also when next() comes later', async () => {
    const later: RequestHandler = (_req, _res, next) => void setTimeout(next, 5);
    const now: RequestHandler = (_req, _res, next) => next();
    expect(await run([now, later, now])).toEqual({ calls: ['h0', 'h1', 'h2'], error: undefined });
  });

  it('an error skips the rest and goes to next(error)', async () => {
    const boom = new Error('refused');
    const fail: RequestHandler = (_req, _res, next) => next(boom);
    const now: RequestHandler = (_req, _res, next) => next();
    expect(await run([now, fail, now])).toEqual({ calls: ['h0', 'h1'], error: boom });
  });
});

describe('the API guards in one layer', () => {
  it('a foreign Host is refused before the origin is looked at, a foreign origin before the body is read', async () => {
    const both = await ts.http
      .post('/api/auth/sign-in/email')
      .set('host', 'attacker.example')
      .set('origin', 'https://attacker.example')
      .set('content-type', 'application/json')
      .send('{not json');
    expect(both.status).toBe(421);
    expect(both.body.error.code).toBe('host_not_allowed');
    const crossSite = await ts.http
      .post('/api/auth/sign-in/email')
      .set('origin', 'https://attacker.example')
      .set('content-type', 'application/json')
      .send('{not json');
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error.code).toBe('cross_origin');
    const badJson = await ts.http
      .post('/api/auth/sign-in/email')
      .set('content-type', 'application/json')
      .send('{not json');
    expect(badJson.status).toBe(400);
    expect(badJson.body.error.code).toBe('invalid_json');
    for (const res of [both, crossSite, badJson]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
