// What happens when a response closes (finished, or the client went away): the request log's line, the
// request metrics and the lifecycle's count each need to know, and they learn it from one 'close'
// listener per response instead of one each (each listener is a closure, a once-wrapper and a longer
// event list on every request: a few µs of GET /api/me's budget).
import type { Request, RequestHandler, Response } from 'express';

/** Called once per request when its response closes, with when the request came (performance.now()). */
export type RequestEnd = (req: Request, res: Response, startedMs: number) => void;

/**
 * A middleware that calls each of `ends`, in order, when the response closes ('finish' would miss a client that left).
 */
export function atRequestEnd(...ends: RequestEnd[]): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on('close', () => {
      for (const end of ends) end(req, res, started);
    });
    next();
  };
}
