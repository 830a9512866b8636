// GET /api/openapi.json: an OpenAPI 3.1 document of every route the app really mounts (read off the
// Express router of a created app, both ways), each operation with its answers and error answers, the
// schemas under components, the session cookie and API key schemes, and each route's access as the
// server enforces it (a route that needs a session answers 401 without one; a public one does not).
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATHS } from '../../server/app.js';
import { routeAccess } from '../../server/openapi.js';
import { startTestServer, type TestServer } from './helpers.js';

let ts: TestServer;
let doc: {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        security?: Array<Record<string, string[]>>;
        responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
        parameters?: Array<{ name: string; in: string }>;
        requestBody?: unknown;
      }
    >
  >;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
  };
};

beforeAll(async () => {
  ts = await startTestServer();
  const res = await ts.http.get('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body as typeof doc;
});
afterAll(() => ts?.close());

/** Every METHOD /path the app mounts under /api, from its Express router (Express-style :params). */
function mountedRoutes(app: Express): string[] {
  const stack = (
    app as unknown as {
      router: { stack: Array<{ route?: { path: string | string[]; methods: Record<string, boolean> } }> };
    }
  ).router.stack;
  const routes: string[] = [];
  for (const layer of stack) {
    if (!layer.route) continue;
    for (const path of [layer.route.path].flat()) {
      if (!path.startsWith('/api/')) continue;
      for (const [method, on] of Object.entries(layer.route.methods))
        if (on && method !== '_all') routes.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return routes;
}

/** The document's operations as METHOD /path with Express-style params. */
function documentedRoutes(): string[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
  );
}

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1, public and cacheable', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const res = await ts.http.get('/api/openapi.json');
    expect(res.headers['cache-control']).toMatch(/public/);
    const again = await ts.http.get('/api/openapi.json').set('if-none-match', res.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('describes exactly the routes the app mounts, both ways', () => {
    const app = ts.server.listeners('request')[0] as Express;
    const mounted = mountedRoutes(app);
    expect(mounted.length).toBeGreaterThanOrEqual(25);
    const documented = documentedRoutes();
    expect(
      mounted.filter((r) => !documented.includes(r)),
      'mounted but not in the document',
    ).toEqual([]);
    expect(
      documented.filter((r) => !mounted.includes(r)),
      'in the document but not mounted',
    ).toEqual([]);
    expect(Object.keys(doc.paths).length).toBeGreaterThanOrEqual(25);
    expect(doc.paths['/api/generators/{id}/generate']?.post).toBeDefined();
  });

  it('gives every operation its answers: success and errors in the error envelope', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const statuses = Object.keys(op.responses);
        expect(
          statuses.some((s) => /^2\d\d$/.test(s)),
          `${method} ${path}`,
        ).toBe(true);
        expect(op.responses.default?.content?.['application/json']?.schema?.$ref, `${method} ${path}`).toBe(
          '#/components/schemas/ApiErrorEnvelope',
        );
      }
    }
    const generate = doc.paths['/api/generators/{id}/generate']!.post!;
    expect(generate.responses['200']!.content!['application/json']!.schema!.$ref).toBe(
      '#/components/schemas/DonePayload',
    );
    expect(Object.keys(generate.responses['200']!.content!)).toContain('text/event-stream');
    expect(Object.keys(generate.responses)).toEqual(expect.arrayContaining(['400', '401', '402', '409', '429']));
    expect(generate.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id', 'header:idempotency-key']);
    expect(generate.requestBody).toBeDefined();
    const envelope = doc.components.schemas.ApiErrorEnvelope as {
      properties: { error: { $ref?: string; properties?: Record<string, unknown> } };
    };
    expect(envelope.properties.error).toBeDefined();
    expect(doc.components.schemas.ApiErrorBody).toMatchObject({
      required: expect.arrayContaining(['code', 'message']),
    });
    expect(doc.paths['/api/history']!.get!.parameters!.every((p) => p.in === 'query')).toBe(true);
    expect(Object.keys(doc.paths['/api/books/{id}/export']!.get!.responses['200']!.content!)).toContain(
      'application/epub+zip',
    );
    // An import's body is the manuscript's bytes, bounded; too large is 413, too few credits 402.
    const imported = doc.paths['/api/books/import']!.post!;
    const body = imported.requestBody as {
      required: boolean;
      content: Record<string, { schema: { type: string; format: string; maxLength: number } }>;
    };
    expect(body.required).toBe(true);
    expect(body.content['application/vnd.openxmlformats-officedocument.wordprocessingml.document']!.schema).toEqual({
      type: 'string',
      format: 'binary',
      maxLength: 20 * 1024 * 1024,
    });
    expect(body.content['application/json']).toBeUndefined();
    expect(Object.keys(imported.responses)).toEqual(expect.arrayContaining(['400', '401', '402', '404', '413', '429']));
    expect(imported.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:file', 'query:generator', 'query:chapters']),
    );
  });

  it('declares every path parameter, and names each operation once', () => {
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(ops)) {
        expect(
          (op.parameters ?? [])
            .filter((p) => p.in === 'path')
            .map((p) => p.name)
            .sort(),
          `${method} ${path}`,
        ).toEqual(inPath);
        const id = (op as { operationId?: string }).operationId!;
        expect(ids.has(id), id).toBe(false);
        ids.add(id);
      }
    }
  });

  it('puts the schemas under components, and every reference resolves', () => {
    expect(Object.keys(doc.components.schemas).length).toBeGreaterThan(50);
    const refs = JSON.stringify(doc).match(/"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const r of new Set(refs))
      expect(doc.components.schemas[r.slice('"#/components/schemas/'.length, -1)], r).toBeDefined();
  });

  it('names the session cookie and the API key, and where each is accepted', () => {
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'karya_session',
    });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/generators/{id}/generate']!.post!.security).toEqual([{ sessionCookie: [] }, { apiKey: [] }]);
    expect(doc.paths['/api/me']!.get!.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths['/api/health']!.get!.security).toEqual([]);
    for (const [path, ops] of Object.entries(doc.paths)) {
      const withKey = API_KEY_PATHS.some((p) => path.startsWith(`/api${p}`));
      for (const op of Object.values(ops))
        if (op.security?.some((s) => 'apiKey' in s)) expect(withKey, path).toBe(true);
    }
  });

  it("tells each route's access as the server enforces it", async () => {
    for (const route of documentedRoutes()) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
        name === 'id' && !path.startsWith('/api/generators') ? '1' : 'romance',
      );
      const access = routeAccess(`${method} ${path.slice('/api'.length)}`);
      const res = await ts.http[method.toLowerCase() as 'get'](url)
        .set('content-type', 'application/json')
        .send(method === 'GET' || method === 'DELETE' ? undefined : '{}');
      if (access === 'user' || access === 'admin') expect(res.status, `${route} without a session`).toBe(401);
      else expect(res.status, `${route} without a session`).not.toBe(401);
    }
  });
});
