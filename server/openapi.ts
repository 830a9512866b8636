// GET /api/openapi.json: the API described as OpenAPI 3.1, generated from the contract (engine/contract/):
// every route of its route table with its parameters, body, answers (JSON, event stream or file) and
// error answers (the error envelope), the schemas under components, and the two ways to sign a request
// (the session cookie, an API key as a bearer token). Nothing is written by hand but the route's access
// (who may call it) and the error statuses, so the document cannot drift from what the server parses and
// answers; tests/server/openapi.test.ts keeps its paths equal to the routes the app mounts. The schemas (the
// components, a request's, an answer's) are ./openapi-schemas.ts.
import type { RequestHandler } from 'express';
import * as contract from '../engine/contract/index.js';
import { EXPORT_FILE_TYPES, PACKAGE_FILE_TYPE, ROUTES, type RouteDef } from '../engine/contract/index.js';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './auth/sessions.js';
import { publicJson } from './http/contract.js';
import { componentSchemas, contractSchemas, dropUnusedInputs, ref, schemaMakers } from './openapi-schemas.js';

export const OPENAPI_PATH = '/api/openapi.json';

type Json = Record<string, unknown>;

/** Routes anyone may call; the /auth routes read a session when there is one. Every other route needs one. */
const PUBLIC_ROUTES = new Set([
  'GET /health',
  'GET /ready',
  'GET /openapi.json',
  'GET /generators',
  'GET /generators/:id',
  'POST /payments/webhook',
]);

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
  if (key.startsWith('POST /checkout') || key.startsWith('POST /payments') || key === 'GET /payments/options')
    statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** An OpenAPI path from an Express one: /generators/:id → /api/generators/{id}. */
export function openApiPath(expressPath: string): string {
  return `/api${expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
}

/** What an operation is built with: the schema makers, the error answer, the file types, the API key's paths. */
type Makers = ReturnType<typeof schemaMakers> & {
  errorResponse: (status: number) => Json;
  fileTypes: string[];
  apiKeyPaths: readonly string[];
};

/** The success answer of a route: its JSON, event stream or file, and the headers it sets. */
function successOf(def: RouteDef, { responseSchema, fileTypes }: Makers): Json {
  const content: Json = {};
  if (def.response) content['application/json'] = { schema: responseSchema(def.response) };
  if (def.events) {
    content['text/event-stream'] = {
      schema: {
        type: 'string',
        description:
          `Server-sent events: ${Object.keys(def.events).join(', ')}; ` +
          `each event's data is the JSON of its schema (x-events).`,
      },
      'x-events': Object.fromEntries(
        Object.entries(def.events).map(([event, schema]) => [event, responseSchema(schema)]),
      ),
    };
  }
  if (def.file) for (const type of fileTypes) content[type] = { schema: { type: 'string', format: 'binary' } };
  const success: Json = {
    description: def.file
      ? 'The file, as an attachment (Content-Disposition)'
      : def.events && !def.response
        ? 'An event stream'
        : 'Success',
  };
  if (Object.keys(content).length) success.content = content;
  if (def.replyHeaders?.length)
    success.headers = Object.fromEntries(
      def.replyHeaders.filter((h) => h !== 'Retry-After').map((h) => [h, { schema: { type: 'string' } }]),
    );
  return success;
}

/** One route's operation: who may call it, its parameters, body and answers. */
function operationOf(key: string, def: RouteDef, makers: Makers): Json {
  const { requestSchema, parameters, errorResponse } = makers;
  const [method, path] = key.split(' ') as [string, string];
  const access = routeAccess(key);
  const usesApiKey = makers.apiKeyPaths.some((p) => path === p || path.startsWith(`${p}/`));
  const security =
    access === 'public'
      ? []
      : access === 'optional'
        ? [{}, { sessionCookie: [] }]
        : usesApiKey
          ? [{ sessionCookie: [] }, { apiKey: [] }]
          : [{ sessionCookie: [] }];
  const params = [
    ...(def.params ? parameters(def.params, 'path') : []),
    ...(def.query ? parameters(def.query, 'query') : []),
    ...(def.headers ? parameters(def.headers, 'header') : []),
  ];
  const responses: Record<string, Json> = { [String(def.status ?? 200)]: successOf(def, makers) };
  for (const status of errorStatuses(key, def)) responses[String(status)] = errorResponse(status);
  responses.default = { ...errorResponse(500), description: 'Any other error, in the same envelope' };
  return {
    operationId: operationId(method, path),
    tags: [path.split('/')[1]!],
    security,
    ...(params.length ? { parameters: params } : {}),
    ...(def.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: requestSchema(def.body) } } } }
      : {}),
    ...(def.upload
      ? {
          requestBody: {
            required: true,
            description: `The file's bytes as they are, at most ${def.upload.maxBytes} bytes`,
            content: Object.fromEntries(
              def.upload.types.map((type) => [
                type,
                { schema: { type: 'string', format: 'binary', maxLength: def.upload!.maxBytes } },
              ]),
            ),
          },
        }
      : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of the API. `apiKeyPaths`: where a bearer API key is accepted (server/app.ts API_KEY_PATHS).
 */
export function openApiDocument(input: { version: string; apiKeyPaths: readonly string[] }): Json {
  const names = contractSchemas();
  const { schemas, inputName } = componentSchemas(names);
  const errorResponse = (status: number) => ({
    description: ERROR_TEXT[status] ?? 'Error',
    content: { 'application/json': { schema: ref(names.get(contract.ApiErrorEnvelopeSchema)!) } },
  });
  const fileTypes = [
    ...new Set([
      ...Object.values(EXPORT_FILE_TYPES).map((t) => t.contentType),
      PACKAGE_FILE_TYPE.contentType,
      ...Object.values(contract.AUDIO_FILE_TYPES),
    ]),
  ];
  const makers: Makers = {
    ...schemaMakers(names, inputName),
    errorResponse,
    fileTypes,
    apiKeyPaths: input.apiKeyPaths,
  };

  const paths: Record<string, Record<string, Json>> = {};
  const routes: Array<[string, RouteDef]> = Object.entries(ROUTES);
  for (const [key, def] of routes) {
    const [method, path] = key.split(' ') as [string, string];
    paths[openApiPath(path)] ??= {};
    paths[openApiPath(path)]![method.toLowerCase()] = operationOf(key, def, makers);
  }
  paths[OPENAPI_PATH] = {
    get: {
      operationId: 'getOpenApi',
      tags: ['openapi'],
      security: [],
      responses: {
        200: {
          description: 'This document (OpenAPI 3.1)',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        default: { ...errorResponse(500), description: 'Any error, in the error envelope' },
      },
    },
  };

  dropUnusedInputs(schemas, paths);

  return {
    openapi: '3.1.0',
    info: {
      title: 'Karya API',
      version: input.version,
      description:
        'The API of Karya, the AI book studio, generated from its zod contract ' +
        '(engine/contract/). Errors answer `{"error": {"code", "message", "fields"?}}` ' +
        'in the language of the request (English or Malay). Sign in for a session cookie, or send an API key as ' +
        '`Authorization: Bearer <key>` on the routes that accept one (generation, progress, books, history).',
    },
    servers: [{ url: '/' }],
    security: [{ sessionCookie: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            `The session cookie set by sign-in (${SECURE_SESSION_COOKIE} ` + `when the server's public URL is https).`,
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key (POST /api/api-keys) as `Authorization: Bearer ' +
            '<key>`; accepted on generation, progress, books and history only.',
        },
      },
    },
  };
}

function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part));
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
    res.set({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=600',
      etag: answer.etag,
      'access-control-allow-origin': '*',
    });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.send(answer.body);
  };
}
