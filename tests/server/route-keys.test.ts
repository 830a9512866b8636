// A route declared by its contract key: its method and path are the key's (written once), its params and
// body are parsed by the key's schemas before the handler runs, and a path, a body field or an answer that
// differs from the contract does not compile (the @ts-expect-error lines fail the typecheck if it would).
// There is no other way to declare a route: every route the app serves under /api is a contract key.
import type { NextFunction, Request, Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../engine/contract/index.js';
import { createApp } from '../../server/app.js';
import { ApiRoutes, fullPath, type Handler } from '../../server/http/routes.js';
import { ApiError } from '../../server/errors/api-error.js';
import { startTestServer, type TestServer } from './helpers.js';

/** Run a route's input parser on a request; what it reads, what it passes to next, or the error it throws. */
function readInput(handler: Handler, req: Partial<Request>): { input?: unknown; next?: unknown; error?: unknown } {
  const request = { params: {}, query: {}, headers: {}, body: undefined, ...req } as Request & { input?: unknown };
  let passed: unknown;
  try {
    handler(request, {} as Response, ((arg?: unknown) => void (passed = arg)) as NextFunction);
    return { input: request.input, ...(passed === undefined ? {} : { next: passed }) };
  } catch (error) {
    return { error };
  }
}

/** The input reader of the only route of `routes` (the handler before the route's own). */
function readerOf(routes: ApiRoutes): Handler {
  const handlers = routes.routes[0]!.handlers;
  return handlers[handlers.length - 2]!;
}

/** Every route of an Express app as "METHOD /path", walked from its router's layers. */
function servedRoutes(app: ReturnType<typeof createApp>): string[] {
  const stack = (
    app as unknown as { router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } }
  ).router.stack;
  return stack.flatMap((layer) =>
    layer.route ? Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`) : [],
  );
}

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

describe('a route declared by its contract key', () => {
  it("is registered at the method and path of its key, after the module's middleware", () => {
    const shared: Handler = (_req, _res, next) => next();
    const routes = new ApiRoutes()
      .use(shared)
      .on('POST /progress/:bookType/more', () => undefined)
      .on('DELETE /progress/:bookType/drafts/:position', () => undefined);
    expect(routes.routes.map((r) => [r.method, fullPath(r.path)])).toEqual([
      ['post', '/api/progress/:bookType/more'],
      ['delete', '/api/progress/:bookType/drafts/:position'],
    ]);
    expect(routes.routes[0]!.handlers[0]).toBe(shared);
  });

  it('hands the handler its params and body as the contract parses them', () => {
    const [route] = new ApiRoutes().on('POST /progress/:bookType/more', () => undefined).routes;
    const read = readInput(route!.handlers[0]!, {
      params: { bookType: 'romance' },
      body: { part: { kind: 'chapter', position: 2 } },
    });
    expect(read).toEqual({
      input: {
        params: { bookType: 'romance' },
        query: undefined,
        body: { part: { kind: 'chapter', position: 2 } },
        headers: undefined,
      },
    });
  });

  it('answers 400 with the field when the body or a param is not what the contract takes', () => {
    const [route] = new ApiRoutes().on('POST /progress/:bookType/more', () => undefined).routes;
    const extraField = readInput(route!.handlers[0]!, {
      params: { bookType: 'romance' },
      body: { part: { kind: 'chapter', position: 2 }, words: 500 },
    });
    expect(extraField.error).toBeInstanceOf(ApiError);
    expect((extraField.error as ApiError).status).toBe(400);
    const badParam = readInput(route!.handlers[0]!, {
      params: { bookType: '../etc' },
      body: { part: { kind: 'chapter', position: 2 } },
    });
    expect((badParam.error as ApiError).status).toBe(400);
  });

  it('refuses a key the contract does not have, at run time and in the typecheck', () => {
    // @ts-expect-error: the path differs from every contract key
    expect(() => new ApiRoutes().on('POST /progress/:bookType/mor', () => undefined)).toThrow(
      /no such route in the contract/,
    );
  });

  it('types the input and the answer from the contract', () => {
    new ApiRoutes().on('POST /progress/:bookType/more', async (req, res) => {
      const { bookType } = req.input.params;
      // @ts-expect-error: the contract's body has no such field
      void req.input.body.words;
      // @ts-expect-error: this route takes no query
      void req.input.query.position;
      // @ts-expect-error: the answer lacks what the contract's answer has
      res.json({ book: null });
      return bookType.length;
    });
  });

  it('has no way to declare a route by a path written by hand', () => {
    const routes = new ApiRoutes();
    // @ts-expect-error: a route is declared by its contract key only
    expect(() => routes.post('/:id/generate', () => undefined)).toThrow(TypeError);
    // @ts-expect-error: likewise for every method
    expect(() => routes.get('/:id/export', () => undefined)).toThrow(TypeError);
  });

  it("is the only kind of /api route the app serves: each at its key's method and path", () => {
    const served = servedRoutes(createApp(ts.ctx)).filter((route) => route.includes(' /api/'));
    const keys = new Set(Object.keys(ROUTES).map((key) => key.replace(' ', ' /api')));
    // The OpenAPI document describes the contract; it is no route of it.
    expect(served.filter((route) => !keys.has(route))).toEqual(['GET /api/openapi.json']);
    expect([...keys].filter((key) => !served.includes(key))).toEqual([]);
  });
});

describe('what a route declared by its key may add to reading its input', () => {
  it('passes a request it does not take on to the next route of the same path, reading nothing', () => {
    const routes = new ApiRoutes().on(
      'GET /books/:id/export',
      { takes: (req) => /^\d+$/.test(String(req.params.id)) },
      () => undefined,
    );
    expect(readInput(readerOf(routes), { params: { id: 'romance' }, query: { format: 'bogus' } })).toEqual({
      input: undefined,
      next: 'route',
    });
    expect(readInput(readerOf(routes), { params: { id: '7' }, query: { format: 'md' } })).toMatchObject({
      input: { params: { id: 7 }, query: { format: 'md' } },
    });
    expect(
      (readInput(readerOf(routes), { params: { id: '7' }, query: { format: 'bogus' } }).error as ApiError).status,
    ).toBe(400);
  });

  it('checks what the params name before the body is read', () => {
    const notFound = ApiError.of(404, 'generator_not_found');
    const routes = new ApiRoutes().on(
      'POST /generators/:id/generate',
      {
        checkParams: ({ id }) => {
          if (id !== 'romance') throw notFound;
        },
      },
      () => undefined,
    );
    expect(readInput(readerOf(routes), { params: { id: 'nope' }, body: { words: 1 } }).error).toBe(notFound);
    expect(
      (readInput(readerOf(routes), { params: { id: 'romance' }, body: { words: 1 } }).error as ApiError).status,
    ).toBe(400);
  });

  it("answers a body the contract refuses with the route's own refusal", () => {
    const refusal = ApiError.catalogue(400, 'api_key_name');
    const routes = new ApiRoutes().on('POST /api-keys', { refuseBody: () => refusal }, () => undefined);
    expect(readInput(readerOf(routes), { body: { name: '' } }).error).toBe(refusal);
    expect(readInput(readerOf(routes), {}).error).toBe(refusal);
    expect(readInput(readerOf(routes), { body: { name: ' Batch ' } })).toMatchObject({
      input: { body: { name: 'Batch' } },
    });
  });

  it('reads a request without a body as an empty one unless the route requires a body', () => {
    const optional = new ApiRoutes().on('POST /generators/:id/generate', () => undefined);
    expect(readInput(readerOf(optional), { params: { id: 'romance' } })).toMatchObject({
      input: { body: { settings: {} } },
    });
    const required = new ApiRoutes().on('POST /generators/:id/generate', { isBodyRequired: true }, () => undefined);
    expect((readInput(readerOf(required), { params: { id: 'romance' } }).error as ApiError).status).toBe(400);
  });

  it('reads the headers the contract names', () => {
    const routes = new ApiRoutes().on('POST /generators/:id/generate', () => undefined);
    expect(
      readInput(readerOf(routes), {
        params: { id: 'romance' },
        body: {},
        headers: { 'idempotency-key': 'k-1', accept: 'text/event-stream' },
      }),
    ).toMatchObject({ input: { headers: { 'idempotency-key': 'k-1' } } });
    expect(
      (
        readInput(readerOf(routes), {
          params: { id: 'romance' },
          body: {},
          headers: { 'idempotency-key': 'two words' },
        }).error as ApiError
      ).status,
    ).toBe(400);
  });
});
