// The studio's HTTP client, typed from the contract (engine/contract): `call('GET /me')` answers a
// Profile, `call('PATCH /me', {body})` checks the body at compile time. Errors have the server's shape
// `{error: {code, message, fields?}}`; a file route becomes a link (`fileHref`) that the browser downloads. The
// streaming routes (server-sent events) are read by events.ts.
import { STATES } from '../i18n/states.js';
import { textIn } from '../i18n/catalogue.js';
import {
  fillPlaceholders,
  KaryaError,
  langs,
  type ApiErrorEnvelope,
  type Lang,
  FileRouteKey,
  JsonRouteKey,
  RequestOf,
  ResponseOf,
} from '../engine.js';

/**
 * The studio's own words for a failure it names by its code alone (`state.<code>` of studio-states), in the studio's
 * language: a network failure (`network`, never the browser's "Failed to fetch"), an answer with no error of the
 * server's (`http_error`: a proxy's page, never its "Bad Gateway"), a stream closed early.
 */
function ownWords(code: string, vars: Readonly<Record<string, string | number>> = {}): string {
  const entry = (STATES as Readonly<Record<string, (typeof STATES)[keyof typeof STATES]>>)[`state.${code}`];
  const text = entry ? textIn(entry, requestLang ?? langs()[0]!, 'studio-states') : undefined;
  return typeof text === 'string' ? fillPlaceholders(text, vars) : code;
}

/**
 * A failed call: HTTP status (0 when the network failed), the server's code, message and field errors. A failure
 * the studio finds itself carries its code only (`connection_closed`): its message is the studio's words for it.
 */
export class ApiError extends KaryaError {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  constructor(status: number, code: string, message?: string, fields?: Record<string, string>) {
    super(message ?? ownWords(code), {
      httpStatus: status,
      isRetryable: status === 0 || status === 429 || status === 503,
    });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (fields) this.fields = fields;
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

let requestLang: Lang | null = null;

/** The studio language, sent as Accept-Language so the server words its errors in it (i18n/lang.tsx sets it). */
export function setRequestLang(lang: Lang): void {
  requestLang = lang;
}

/** The language requests are worded in (the studio's), or null before it is known. */
export function requestLanguage(): Lang | null {
  return requestLang;
}

export function langHeader(): Record<string, string> {
  return requestLang ? { 'accept-language': requestLang } : {};
}

type Listener = (error: ApiError) => void;
const sessionListeners = new Set<Listener>();

/** Called when a signed-in call answers 401 "session expired" (the auth layer signs the user out). */
export function onSessionExpired(listener: Listener): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** The server's error answer as an ApiError (its own words when it is not the server's). */
export async function errorFrom(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const e = (body as Partial<ApiErrorEnvelope> | undefined)?.error;
  // Not the server's answer (a proxy's page, an empty body): the studio's words, with the status, not the page's
  // English.
  const own = ownWords('http_error', { status: res.status });
  const error = e?.code
    ? new ApiError(res.status, e.code, e.message ?? own, e.fields)
    : new ApiError(res.status, `http_${res.status}`, own);
  if (res.status === 401 && error.code === 'session_expired') for (const l of sessionListeners) l(error);
  return error;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Call a JSON route by path, untyped; throws ApiError. Only for routes the contract's route table does
 * not list (the book routes of books.ts); every other call goes through `call`.
 */
export async function api<T>(path: string, opts: CallOptions = {}): Promise<T> {
  const res = await send(path, {
    method: opts.method ?? 'GET',
    headers: opts.body !== undefined ? { 'content-type': 'application/json' } : {},
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/**
 * One request to the API with the session cookie and the studio language; a failure (network or not ok) as ApiError.
 */
async function send(
  path: string,
  init: { method: string; headers: Record<string, string>; body?: BodyInit; signal?: AbortSignal },
): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...langHeader(), ...init.headers },
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network');
  }
  if (!res.ok) throw await errorFrom(res);
  return res;
}

/** What `call` takes besides the route: its params, query and body as the contract types them. */
export type CallInput<K extends JsonRouteKey> = RequestOf<K> & { signal?: AbortSignal };

/** `"DELETE /history/:id"` with `{id: 7}` → `["DELETE", "/history/7"]`; the query is appended. */
export function routeUrl(
  route: string,
  input: { params?: object; query?: object } = {},
): [method: NonNullable<CallOptions['method']>, path: string] {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as NonNullable<CallOptions['method']>;
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = route.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {}))
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  const search = query.toString();
  return [method, search ? `${path}?${search}` : path];
}

/**
 * Call a route of the contract; the answer is typed with the contract's response. Throws ApiError.
 * @example const me = await call('GET /me'); await call('DELETE /history/:id', { params: { id: 7 } });
 */
export function call<K extends JsonRouteKey>(
  route: K,
  ...[input]: {} extends RequestOf<K> ? [input?: CallInput<K>] : [input: CallInput<K>]
): Promise<ResponseOf<K>> {
  const { params, query, body, signal } = (input ?? {}) as {
    params?: object;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
  };
  const [method, path] = routeUrl(route, { ...(params ? { params } : {}), ...(query ? { query } : {}) });
  return api<ResponseOf<K>>(path, { method, ...(body !== undefined ? { body } : {}), ...(signal ? { signal } : {}) });
}

/**
 * The address of a file route of the contract, for a plain `<a href download>` link: the browser sends
 * the session cookie and saves the file under the server's file name.
 * @example fileHref('GET /books/:id/export', { params: { id: 7 }, query: { format: 'epub' } }) //
 * "/api/books/7/export?format=epub"
 */
export function fileHref<K extends FileRouteKey>(route: K, input: RequestOf<K>): string {
  const { params, query } = input as { params?: object; query?: object };
  return `/api${routeUrl(route, { ...(params ? { params } : {}), ...(query ? { query } : {}) })[1]}`;
}

/**
 * Send a file as a route's raw body (an import's manuscript), with the contract's query; the answer is typed
 * with the contract's response. Throws ApiError.
 * @example await upload('POST /books/import/preview', { query: { file: f.name } }, f)
 */
/**
 * A file sent as the raw body of a file route (refuseOver, lib/upload-limit.ts, first: a file over its bound is never
 * sent).
 */
export async function upload<K extends JsonRouteKey>(
  route: K,
  input: { params?: object; query?: object; signal?: AbortSignal; contentType?: string },
  file: Blob,
): Promise<ResponseOf<K>> {
  const [method, path] = routeUrl(route, {
    ...(input.params ? { params: input.params } : {}),
    ...(input.query ? { query: input.query } : {}),
  });
  const res = await send(path, {
    method,
    headers: { 'content-type': input.contentType ?? 'application/octet-stream' },
    body: file,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  return (await res.json()) as ResponseOf<K>;
}
