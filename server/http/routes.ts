// The API's routes as a list, each declared by its contract key and registered on the app's own router
// at its full path.
//
// Each route module (server/routes/*.ts) declares its routes on an ApiRoutes: `use(...)` adds middleware
// (a session check, a rate bucket) to every route declared after it, and `on('POST /progress/:bookType/more',
// ...)` declares one by its contract key (engine/contract/routes.ts): the method and path come from the key,
// written once, and the handler reads `req.input` (params, query, body, headers) parsed by the key's schemas,
// typed from them, and answers with the key's reply type. There is no other way to declare a route, so a
// path written by hand does not compile. createApp registers each route once, at `/api<path>`, on the app.
// Mounted routers cost every request one more router pass per level (Express 5 re-parses the URL, strips
// and restores the mount prefix and walks the inner router's own middleware layers, about a tenth of the
// server's CPU on GET /api/me); a route with its middleware in front is one layer. (A path no route
// declares is answered 404 `not_found` without running a module's middleware.)
import type { NextFunction, Request, Response } from 'express';
import type * as z from 'zod';
import {
  ROUTES,
  type FileRouteKey,
  type JsonRouteKey,
  type RouteKey,
  type Routes,
} from '../../engine/contract/index.js';
import type { FileReply, Reply } from './contract.js';
import type { ApiError } from '../errors/api-error.js';
import { parse } from './validate.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** A middleware or route handler. */
export type Handler = (req: Request, res: Response, next: NextFunction) => unknown;

type Part = 'params' | 'query' | 'body' | 'headers';
type Parsed<K extends RouteKey, P extends Part> = Routes[K] extends { [Q in P]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** What a route declared by its contract key reads, parsed by the key's schemas (400 with the fields when not). */
export type ContractInput<K extends RouteKey> = { [P in Part]: Parsed<K, P> };

/** The response of contract route `K`: its JSON answer typed (`res.json`), or its file download. */
type ReplyOf<K extends RouteKey> = K extends JsonRouteKey ? Reply<K> : K extends FileRouteKey ? FileReply<K> : Response;

/** A handler of contract route `K`: `req.input` typed from the key, and its answer typed. */
export type ContractHandler<K extends RouteKey> = (
  req: Request & { input: ContractInput<K> },
  res: ReplyOf<K>,
  next: NextFunction,
) => unknown;

/** What a route may add to the reading of its input (each for a route that answers in an order of its own). */
export interface RouteOptions<K extends RouteKey> {
  /**
   * Whether a request is this route's. One that is not goes on, before its input is read, to the next
   * route of the same path (next('route')): `GET /books/:id/export` takes ids, `/:bookType/export` the rest.
   */
  takes?: (req: Request) => boolean;
  /**
   * Runs on the params once read, before the query and body: what they name is refused first (an unknown generator:
   * 404).
   */
  checkParams?: (params: Parsed<K, 'params'>, req: Request) => void;
  /** A body the contract does not take answers this refusal of the route's own instead of the 400 naming each field. */
  refuseBody?: (req: Request) => ApiError;
  /** A request without a body is refused (400) instead of read as an empty one. */
  isBodyRequired?: boolean;
}

export interface RouteDef {
  /** The contract key the route was declared by. */
  key: RouteKey;
  method: Method;
  /** The path after /api. */
  path: string;
  /**
   * The module's middleware declared before the route, the route's own middleware, its input reader, then its handler.
   */
  handlers: Handler[];
}

type Schemas = { [P in Part]?: z.ZodType };

/** The middleware that reads a route's input with the key's schemas into `req.input`, as its options say. */
function inputReader(schemas: Schemas, options: RouteOptions<RouteKey>): Handler {
  const read = (schema: z.ZodType | undefined, value: unknown) => (schema ? parse(schema, value) : undefined);
  return (req, _res, next) => {
    if (options.takes && !options.takes(req)) {
      next('route');
      return;
    }
    const params = read(schemas.params, req.params);
    options.checkParams?.(params as never, req);
    // req.query is parsed from the URL when read: only for a route that takes a query.
    const query = schemas.query ? read(schemas.query, req.query) : undefined;
    // A request without a body is read as an empty one (the schema says whether that is enough).
    const sent: unknown = options.isBodyRequired ? req.body : (req.body ?? {});
    if (options.refuseBody && schemas.body?.safeParse(sent).success === false) throw options.refuseBody(req);
    const body = read(schemas.body, sent);
    (req as Request & { input: unknown }).input = {
      params,
      query,
      body,
      headers: schemas.headers ? read(schemas.headers, req.headers) : undefined,
    };
    next();
  };
}

export class ApiRoutes {
  readonly routes: RouteDef[] = [];
  #shared: Handler[] = [];

  /** Middleware for every route declared after this call. */
  use(...handlers: Handler[]): this {
    this.#shared = [...this.#shared, ...handlers];
    return this;
  }

  /**
   * A route declared by its contract key: method and path from the key, its input parsed by the key's
   * schemas. Handlers before the last are the route's own middleware (a rate limit), run before its input is read.
   */
  on<K extends RouteKey>(key: K, ...handlers: Array<ContractHandler<K>>): this;
  on<K extends RouteKey>(key: K, options: RouteOptions<K>, ...handlers: Array<ContractHandler<K>>): this;
  on<K extends RouteKey>(key: K, ...args: Array<RouteOptions<K> | ContractHandler<K>>): this {
    const [verb, path] = key.split(' ') as [string, string];
    const schemas = ROUTES[key] as Schemas | undefined;
    if (!schemas) throw new Error(`${key}: no such route in the contract (engine/contract/routes.ts)`);
    const options = typeof args[0] === 'object' ? (args.shift() as RouteOptions<RouteKey>) : {};
    const own = args as Handler[];
    this.routes.push({
      key,
      method: verb.toLowerCase() as Method,
      path,
      handlers: [...this.#shared, ...own.slice(0, -1), inputReader(schemas, options), ...own.slice(-1)],
    });
    return this;
  }
}

/** The full path of a route ('/me' → '/api/me'). */
export function fullPath(path: string): string {
  return `/api${path}`;
}
