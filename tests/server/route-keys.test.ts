// A route declared by its contract key: its method and path are the key's (written once), its params and
// body are parsed by the key's schemas before the handler runs, and a path, a body field or an answer that
// differs from the contract does not compile (the @ts-expect-error lines fail the typecheck if it would).
import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, fullPath, type Handler } from '../../server/http/routes.js';
import { ApiError } from '../../server/http/errors.js';

/** Run a route's input parser on a request; what it passes on (nothing, or the error it throws). */
function readInput(handler: Handler, req: Partial<Request>): { input?: unknown; error?: unknown } {
  const request = { params: {}, query: {}, body: undefined, ...req } as Request & { input?: unknown };
  try {
    handler(request, {} as Response, (() => undefined) as NextFunction);
    return { input: request.input };
  } catch (error) {
    return { error };
  }
}

describe('a route declared by its contract key', () => {
  it('is registered at the method and path of its key, after the module\'s middleware', () => {
    const shared: Handler = (_req, _res, next) => next();
    const routes = new ApiRoutes().use(shared).on('POST /progress/:bookType/more', () => undefined).on('DELETE /progress/:bookType/drafts/:position', () => undefined);
    expect(routes.routes.map((r) => [r.method, fullPath('/api/progress', r.path, r.isFromApiRoot)])).toEqual([
      ['post', '/api/progress/:bookType/more'],
      ['delete', '/api/progress/:bookType/drafts/:position'],
    ]);
    expect(routes.routes[0]!.handlers[0]).toBe(shared);
  });

  it('hands the handler its params and body as the contract parses them', () => {
    const [route] = new ApiRoutes().on('POST /progress/:bookType/more', () => undefined).routes;
    const read = readInput(route!.handlers[0]!, { params: { bookType: 'romance' }, body: { part: { kind: 'chapter', position: 2 } } });
    expect(read).toEqual({ input: { params: { bookType: 'romance' }, query: undefined, body: { part: { kind: 'chapter', position: 2 } } } });
  });

  it('answers 400 with the field when the body or a param is not what the contract takes', () => {
    const [route] = new ApiRoutes().on('POST /progress/:bookType/more', () => undefined).routes;
    const extraField = readInput(route!.handlers[0]!, { params: { bookType: 'romance' }, body: { part: { kind: 'chapter', position: 2 }, words: 500 } });
    expect(extraField.error).toBeInstanceOf(ApiError);
    expect((extraField.error as ApiError).status).toBe(400);
    const badParam = readInput(route!.handlers[0]!, { params: { bookType: '../etc' }, body: { part: { kind: 'chapter', position: 2 } } });
    expect((badParam.error as ApiError).status).toBe(400);
  });

  it('refuses a key the contract does not have, at run time and in the typecheck', () => {
    // @ts-expect-error: the path differs from every contract key
    expect(() => new ApiRoutes().on('POST /progress/:bookType/mor', () => undefined)).toThrow(/no such route in the contract/);
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
});
