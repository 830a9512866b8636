// One pino line per API request, written when its response ends: method, URL, status, time, and
// whether the client went away. No headers, so no cookie or authorization can reach the log.
// (pino-http builds two child loggers per request; on this 2-core machine that cost 80-100 µs, about
// a fifth of a GET /api/me, so the server writes the same line itself.)
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    // Health checks and the studio's files would drown the log.
    if (!req.url.startsWith('/api/') || req.url === '/api/health') return next();
    const started = performance.now();
    res.once('close', () => {
      const status = res.statusCode;
      const isAborted = !res.writableFinished;
      const level = status >= 500 ? 'error' : status >= 400 || isAborted ? 'warn' : 'info';
      logger[level](
        { req: { method: req.method, url: req.originalUrl }, res: { statusCode: status }, responseTime: Math.round(performance.now() - started), ...(isAborted ? { isAborted } : {}) },
        isAborted ? 'request aborted by the client' : 'request completed',
      );
    });
    next();
  };
}
