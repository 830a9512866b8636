// The API's routes as a list, registered on the app's own router with their full paths.
//
// Each route module (server/routes/*.ts) declares its routes on an ApiRoutes, the way it would on an
// express.Router: `use(...)` adds middleware (a session check, a rate bucket) to every route declared after
// it, `get/post/put/patch/delete(path, ...handlers)` declares one. createApp then registers each route once,
// at `/api<mount><path>`, on the app. Mounted routers cost every request one more router pass per
// level: Express 5 re-parses the URL, strips and restores the mount prefix and walks the inner router's
// own middleware layers, about a tenth of the server's CPU on GET /api/me. A route with its middleware
// in front is one layer. What a request meets is the same: the module's middleware, then the handlers.
// (A path no route declares is answered 404 `not_found` without running a module's middleware.)
// `on('POST /progress/:bookType/more', ...)` declares a route by its contract key (engine/contract/routes.ts):
// the method and path come from the key, written once, and the handlers read `req.input` (params, query,
// body) parsed by the key's schemas, typed from them, and answer with the key's reply type.
import type { NextFunction, Request, Response } from 'express';
import type * as z from 'zod';
import { ROUTES, type JsonRouteKey, type RouteKey, type Routes } from '../../engine/contract/index.js';
import type { Reply } from './contract.js';
import { parse } from './validate.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** A middleware or route handler; a handler may name its typed reply (`res: Reply<'GET /me'>`). */
export type Handler = (req: Request, res: Response, next: NextFunction) => unknown;

type Parsed<K extends RouteKey, Part extends 'params' | 'query' | 'body'> = Routes[K] extends { [P in Part]: infer S extends z.ZodType } ? z.output<S> : undefined;

/** What a route declared by its contract key reads, parsed by the key's schemas (400 with the fields when not). */
export interface ContractInput<K extends RouteKey> {
  params: Parsed<K, 'params'>;
  query: Parsed<K, 'query'>;
  body: Parsed<K, 'body'>;
}

/** A handler of contract route `K`: `req.input` typed from the key, and its JSON answer typed (`res.json`). */
export type ContractHandler<K extends RouteKey> = (req: Request & { input: ContractInput<K> }, res: K extends JsonRouteKey ? Reply<K> : Response, next: NextFunction) => unknown;

export interface RouteDef {
  method: Method;
  /** The path inside the module ('/', '/:id', …), or after /api when `isFromApiRoot` (a route declared by its contract key). */
  path: string;
  isFromApiRoot?: boolean;
  /** The module's middleware declared before the route, then the route's own handlers. */
  handlers: Handler[];
}

export class ApiRoutes {
  readonly routes: RouteDef[] = [];
  #shared: Handler[] = [];

  /** Middleware for every route declared after this call. */
  use(...handlers: Handler[]): this {
    this.#shared = [...this.#shared, ...handlers];
    return this;
  }

  get(path: string, ...handlers: Handler[]): this {
    return this.#add('get', path, handlers);
  }

  post(path: string, ...handlers: Handler[]): this {
    return this.#add('post', path, handlers);
  }

  put(path: string, ...handlers: Handler[]): this {
    return this.#add('put', path, handlers);
  }

  patch(path: string, ...handlers: Handler[]): this {
    return this.#add('patch', path, handlers);
  }

  delete(path: string, ...handlers: Handler[]): this {
    return this.#add('delete', path, handlers);
  }

  /** A route declared by its contract key: method and path from the key, its input parsed by the key's schemas. */
  on<K extends RouteKey>(key: K, ...handlers: Array<ContractHandler<K>>): this {
    const [verb, path] = key.split(' ') as [string, string];
    const schemas = ROUTES[key] as { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
    if (!schemas) throw new Error(`${key}: no such route in the contract (engine/contract/routes.ts)`);
    const input: Handler = (req, _res, next) => {
      const read = (schema: z.ZodType | undefined, value: unknown) => (schema ? parse(schema, value) : undefined);
      // A request without a body is read as an empty one (the schema says whether that is enough).
      (req as Request & { input: unknown }).input = { params: read(schemas.params, req.params), query: read(schemas.query, req.query), body: read(schemas.body, req.body ?? {}) };
      next();
    };
    // The route's own middleware (a rate limit) first, then the input is read, then the handler.
    const own = handlers as Handler[];
    this.routes.push({ method: verb.toLowerCase() as Method, path, isFromApiRoot: true, handlers: [...this.#shared, ...own.slice(0, -1), input, ...own.slice(-1)] });
    return this;
  }

  #add(method: Method, path: string, handlers: Handler[]): this {
    this.routes.push({ method, path, handlers: [...this.#shared, ...handlers] });
    return this;
  }
}

/** The full path of a module's route mounted at `mount` ('/api/me' + '/' → '/api/me'; a route declared by its contract key: '/api' + its path). */
export function fullPath(mount: string, path: string, isFromApiRoot = false): string {
  if (isFromApiRoot) return `/api${path}`;
  return path === '/' ? mount : `${mount}${path}`;
}
