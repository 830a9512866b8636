// GET /api/openapi.json: the API described as OpenAPI 3.1, generated from the contract (engine/contract/):
// every route of its route table with its parameters, body, answers (JSON, event stream or file) and
// error answers (the error envelope), the schemas under components, and the two ways to sign a request
// (the session cookie, an API key as a bearer token). Nothing is written by hand but the route's access
// (who may call it) and the error statuses, so the document cannot drift from what the server parses and
// answers; tests/server/openapi.test.ts keeps its paths equal to the routes the app mounts.
import type { RequestHandler } from 'express';
import * as z from 'zod';
import * as contract from '../engine/contract/index.js';
import { EXPORT_FILE_TYPES, PACKAGE_FILE_TYPE, ROUTES, type RouteDef } from '../engine/contract/index.js';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './auth/sessions.js';
import { publicJson } from './http/contract.js';

export const OPENAPI_PATH = '/api/openapi.json';

type Json = Record<string, unknown>;
type JsonSchema = Json;

/** Routes anyone may call; the /auth routes read a session when there is one. Every other route needs one. */
const PUBLIC_ROUTES = new Set(['GET /health', 'GET /ready', 'GET /openapi.json', 'GET /generators', 'GET /generators/:id', 'POST /payments/webhook']);

/** Who may call a route, from its key: anyone, anyone with an optional session, a signed-in user, an administrator. */
export function routeAccess(key: string): 'public' | 'optional' | 'user' | 'admin' {
  const path = key.split(' ')[1]!;
  if (PUBLIC_ROUTES.has(key)) return 'public';
  if (path.startsWith('/auth/')) return 'optional';
  return path.startsWith('/admin/') ? 'admin' : 'user';
}

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is not valid (a field, the JSON, a parameter)',
  401: 'Not signed in, the session expired, or the API key is not valid',
  402: 'Not enough credits',
  403: 'Not allowed (role, API access, cross-origin request)',
  404: 'Not found',
  409: 'Conflict with the current state (e.g. the book is at another step)',
  413: 'The body is too large',
  429: 'Too many requests: wait for Retry-After seconds',
  500: 'Unexpected server error',
  503: 'Not available now (e.g. payments not configured, the AI model unreachable)',
};

/** The error statuses a route may answer with, from what it takes and who may call it. */
function errorStatuses(key: string, def: RouteDef): number[] {
  const statuses = new Set<number>([500]);
  if (def.params || def.query || def.body || def.headers) statuses.add(400);
  if (def.body || def.upload) statuses.add(413);
  if (key === 'POST /books/import') [402, 404].forEach((s) => statuses.add(s));
  const access = routeAccess(key);
  if (access === 'user' || access === 'admin') statuses.add(401);
  // 403: an administrator's route, API access (API keys), and any cross-origin write (server/http/security.ts).
  if (access === 'admin' || key.includes(' /api-keys') || !key.startsWith('GET ')) statuses.add(403);
  if (def.params) statuses.add(404);
  if (def.replyHeaders?.includes('Retry-After')) statuses.add(429);
  if (key === 'POST /generators/:id/generate') [402, 409, 429, 503].forEach((s) => statuses.add(s));
  if (key.startsWith('POST /checkout') || key.startsWith('POST /payments') || key === 'GET /payments/options') statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** Every zod schema the contract exports, by name without "Schema" (the first name wins for one exported twice). */
function contractSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [name, value] of Object.entries(contract)) {
    if (name.endsWith('Schema') && value instanceof z.ZodType && !names.has(value)) names.set(value, name.slice(0, -'Schema'.length));
  }
  return names;
}

function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, id: _name, ...rest } = schema;
  return rest;
}

/**
 * The components' schemas: each as the server answers it (output), and, where a client sends it in another
 * shape (defaults not yet applied, values coerced), as the client sends it, named `…Input`.
 */
function componentSchemas(names: Map<z.ZodType, string>): { schemas: Record<string, JsonSchema>; inputName(name: string): string } {
  const registry = z.registry<{ id: string }>();
  for (const [schema, name] of names) registry.add(schema, { id: name });
  const generate = (io: 'input' | 'output', uri: (id: string) => string) =>
    (z.toJSONSchema(registry, { target: 'draft-2020-12', io, unrepresentable: 'any', uri }) as { schemas: Record<string, JsonSchema> }).schemas;
  const output = generate('output', (id) => `#/components/schemas/${id}`);
  // A schema needs its own input form when its input differs, or when it refers to one that does.
  let differing = new Set<string>();
  let input = output;
  for (let round = 0; round < 10; round++) {
    const known = differing;
    input = generate('input', (id) => `#/components/schemas/${known.has(id) ? `${id}Input` : id}`);
    const next = new Set(Object.keys(input).filter((id) => JSON.stringify(input[id]) !== JSON.stringify(output[id])));
    if (next.size === differing.size && [...next].every((id) => differing.has(id))) break;
    differing = next;
  }
  const schemas: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(output)) schemas[id] = withoutDialect(schema);
  for (const id of differing) schemas[`${id}Input`] = withoutDialect(input[id]!);
  return { schemas, inputName: (name) => (differing.has(name) ? `${name}Input` : name) };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** An OpenAPI path from an Express one: /generators/:id → /api/generators/{id}. */
export function openApiPath(expressPath: string): string {
  return `/api${expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
}

/**
 * The OpenAPI 3.1 document of the API. `apiKeyPaths`: where a bearer API key is accepted (server/app.ts API_KEY_PATHS).
 */
export function openApiDocument(input: { version: string; apiKeyPaths: readonly string[] }): Json {
  const names = contractSchemas();
  const { schemas, inputName } = componentSchemas(names);
  const requestSchema = (schema: z.ZodType): JsonSchema => {
    const name = names.get(schema);
    return name ? ref(inputName(name)) : withoutDialect(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema);
  };
  const responseSchema = (schema: z.ZodType): JsonSchema => {
    const name = names.get(schema);
    return name ? ref(name) : withoutDialect(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as JsonSchema);
  };
  /** The parameters of an object schema (path, query or header), one per property. */
  const parameters = (schema: z.ZodType, where: 'path' | 'query' | 'header'): Json[] => {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonSchema>; required?: string[] };
    return Object.entries(json.properties ?? {}).map(([name, property]) => {
      const { description, ...rest } = property;
      return { name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: rest, ...(typeof description === 'string' ? { description } : {}) };
    });
  };
  const errorResponse = (status: number) => ({ description: ERROR_TEXT[status] ?? 'Error', content: { 'application/json': { schema: ref(names.get(contract.ApiErrorEnvelopeSchema)!) } } });
  const fileTypes = [...new Set([...Object.values(EXPORT_FILE_TYPES).map((t) => t.contentType), PACKAGE_FILE_TYPE.contentType, ...Object.values(contract.AUDIO_FILE_TYPES)])];

  const paths: Record<string, Record<string, Json>> = {};
  const routes: Array<[string, RouteDef]> = Object.entries(ROUTES);
  for (const [key, def] of routes) {
    const [method, path] = key.split(' ') as [string, string];
    const access = routeAccess(key);
    const usesApiKey = input.apiKeyPaths.some((p) => path === p || path.startsWith(`${p}/`));
    const security = access === 'public' ? [] : access === 'optional' ? [{}, { sessionCookie: [] }] : usesApiKey ? [{ sessionCookie: [] }, { apiKey: [] }] : [{ sessionCookie: [] }];
    const params = [...(def.params ? parameters(def.params, 'path') : []), ...(def.query ? parameters(def.query, 'query') : []), ...(def.headers ? parameters(def.headers, 'header') : [])];
    const content: Json = {};
    if (def.response) content['application/json'] = { schema: responseSchema(def.response) };
    if (def.events) {
      content['text/event-stream'] = {
        schema: { type: 'string', description: `Server-sent events: ${Object.keys(def.events).join(', ')}; each event's data is the JSON of its schema (x-events).` },
        'x-events': Object.fromEntries(Object.entries(def.events).map(([event, schema]) => [event, responseSchema(schema)])),
      };
    }
    if (def.file) for (const type of fileTypes) content[type] = { schema: { type: 'string', format: 'binary' } };
    const success: Json = { description: def.file ? 'The file, as an attachment (Content-Disposition)' : def.events && !def.response ? 'An event stream' : 'Success' };
    if (Object.keys(content).length) success.content = content;
    if (def.replyHeaders?.length) success.headers = Object.fromEntries(def.replyHeaders.filter((h) => h !== 'Retry-After').map((h) => [h, { schema: { type: 'string' } }]));
    const responses: Record<string, Json> = { [String(def.status ?? 200)]: success };
    for (const status of errorStatuses(key, def)) responses[String(status)] = errorResponse(status);
    responses.default = { ...errorResponse(500), description: 'Any other error, in the same envelope' };
    paths[openApiPath(path)] ??= {};
    paths[openApiPath(path)]![method.toLowerCase()] = {
      operationId: operationId(method, path),
      tags: [path.split('/')[1]!],
      security,
      ...(params.length ? { parameters: params } : {}),
      ...(def.body ? { requestBody: { required: true, content: { 'application/json': { schema: requestSchema(def.body) } } } } : {}),
      ...(def.upload ? { requestBody: { required: true, description: `The file's bytes as they are, at most ${def.upload.maxBytes} bytes`, content: Object.fromEntries(def.upload.types.map((type) => [type, { schema: { type: 'string', format: 'binary', maxLength: def.upload!.maxBytes } }])) } } : {}),
      responses,
    };
  }
  paths[OPENAPI_PATH] = {
    get: {
      operationId: 'getOpenApi',
      tags: ['openapi'],
      security: [],
      responses: { 200: { description: 'This document (OpenAPI 3.1)', content: { 'application/json': { schema: { type: 'object' } } } }, default: { ...errorResponse(500), description: 'Any error, in the error envelope' } },
    },
  };

  dropUnusedInputs(schemas, paths);

  return {
    openapi: '3.1.0',
    info: {
      title: 'Karya API',
      version: input.version,
      description:
        'The API of Karya, the AI book studio, generated from its zod contract (engine/contract/). Errors answer `{"error": {"code", "message", "fields"?}}` ' +
        'in the language of the request (English or Malay). Sign in for a session cookie, or send an API key as `Authorization: Bearer <key>` on the routes that accept one (generation, progress, books, history).',
    },
    servers: [{ url: '/' }],
    security: [{ sessionCookie: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: `The session cookie set by sign-in (${SECURE_SESSION_COOKIE} when the server's public URL is https).` },
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (POST /api/api-keys) as `Authorization: Bearer <key>`; accepted on generation, progress, books and history only.' },
      },
    },
  };
}

/** The input forms no request uses (a response's) left out of `schemas`: those no `$ref` reached from `paths` names. */
function dropUnusedInputs(schemas: Record<string, JsonSchema>, paths: Json): void {
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') {
        const name = v.slice('#/components/schemas/'.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(v);
    }
  };
  visit(paths);
  for (const name of Object.keys(schemas)) if (name.endsWith('Input') && !used.has(name)) delete schemas[name];
}

function operationId(method: string, path: string): string {
  const words = path.split('/').filter(Boolean).map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part));
  return [method.toLowerCase(), ...words].join('-').replace(/[-_.]+([a-zA-Z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * The route: the document built on first request, then answered from memory; public, cached for 10 minutes, revalidated
 * by its ETag.
 */
export function openApiRoute(input: { version: string; apiKeyPaths: readonly string[] }): RequestHandler {
  let answer: ReturnType<typeof publicJson> | undefined;
  return (req, res) => {
    answer ??= publicJson(openApiDocument(input));
    res.set({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=600', etag: answer.etag, 'access-control-allow-origin': '*' });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.send(answer.body);
  };
}
