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
import type { NextFunction, Request, Response } from 'express';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** A middleware or route handler; a handler may name its typed reply (`res: Reply<'GET /me'>`). */
export type Handler = (req: Request, res: Response, next: NextFunction) => unknown;

export interface RouteDef {
  method: Method;
  /** The path inside the module ('/', '/:id', …). */
  path: string;
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

  #add(method: Method, path: string, handlers: Handler[]): this {
    this.routes.push({ method, path, handlers: [...this.#shared, ...handlers] });
    return this;
  }
}

/** The full path of a module's route mounted at `mount` ('/api/me' + '/' → '/api/me'). */
export function fullPath(mount: string, path: string): string {
  return path === '/' ? mount : `${mount}${path}`;
}
