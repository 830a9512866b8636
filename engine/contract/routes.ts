// The route table: every /api route of the areas above, keyed `"METHOD /path"` (the path after /api,
// with Express-style `:params`), with the schemas of its params, query, body and answer (or its
// server-sent events, or a file). The studio's client is typed from it; tests/contract checks the server
// against it. The generation route answers JSON, or its events with Accept: text/event-stream. The table is
// joined from its areas' (routes-account.ts, routes-writing.ts, routes-books.ts, routes-admin.ts), in this order.
import type * as z from 'zod';
import type { RouteDef } from './route-def.js';
import { ACCOUNT_ROUTES, HOLDINGS_ROUTES } from './routes-account.js';
import { ADMIN_ROUTES } from './routes-admin.js';
import { BOOK_ROUTES } from './routes-books.js';
import { WRITING_ROUTES } from './routes-writing.js';

export type { RouteDef, UploadLimit } from './route-def.js';

export const ROUTES = {
  ...ACCOUNT_ROUTES,
  ...WRITING_ROUTES,
  ...BOOK_ROUTES,
  ...HOLDINGS_ROUTES,
  ...ADMIN_ROUTES,
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof ROUTES;
export type RouteKey = keyof Routes;
/** Routes answered with JSON (not an event stream). */
export type JsonRouteKey = { [K in RouteKey]: Routes[K] extends { response: z.ZodType } ? K : never }[RouteKey];
/** Routes answered with a file download. */
export type FileRouteKey = { [K in RouteKey]: Routes[K] extends { file: true } ? K : never }[RouteKey];
/** Routes answered with server-sent events only. */
export type StreamRouteKey = Exclude<RouteKey, JsonRouteKey | FileRouteKey>;

type InputOf<D, Part extends 'params' | 'query' | 'body'> = D extends { [P in Part]: infer S extends z.ZodType }
  ? z.input<S>
  : never;

/** What a client sends to a route: `params` and `body` when the route has them, `query` optionally. */
export type RequestOf<K extends RouteKey> = ([InputOf<Routes[K], 'params'>] extends [never]
  ? unknown
  : { params: InputOf<Routes[K], 'params'> }) &
  ([InputOf<Routes[K], 'query'>] extends [never] ? unknown : { query?: InputOf<Routes[K], 'query'> }) &
  ([InputOf<Routes[K], 'body'>] extends [never] ? unknown : { body: InputOf<Routes[K], 'body'> });

/** The JSON answer of a route on success. */
export type ResponseOf<K extends JsonRouteKey> = Routes[K] extends { response: infer S extends z.ZodType }
  ? z.output<S>
  : never;

/** The events of a streaming route: event name → data. */
export type EventsOf<K extends StreamRouteKey> = Routes[K] extends {
  events: infer E extends Readonly<Record<string, z.ZodType>>;
}
  ? { [N in keyof E]: z.output<E[N]> }
  : never;
