// Several middlewares as one: each runs after the previous one called next() without an error, in the
// order given, and an error goes straight to Express's error handling. The same as app.use(path, a, b, c)
// for middlewares that never call next('route') or next('router'), but one router layer instead of
// three: Express 5 re-matches the path, strips and restores the mount prefix and re-parses the URL for
// every layer, which was the largest part of the router's cost on GET /api/me.
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export function series(...handlers: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => run(handlers, 0, req, res, next);
}

function run(
  handlers: readonly RequestHandler[],
  index: number,
  req: Request,
  res: Response,
  next: NextFunction,
): void {
  const handler = handlers[index];
  if (!handler) return next();
  void handler(req, res, (error?: unknown) =>
    error !== undefined && error !== null ? next(error) : run(handlers, index + 1, req, res, next),
  );
}
