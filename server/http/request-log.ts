// One pino line per API request, written when its response ends: method, path, status, time, and
// whether the client went away. No headers, so no cookie or authorization can reach the log; no query
// string either (a Content History search, a reset token): only the names of its parameters.
// (pino-http builds two child loggers per request; on this 2-core machine that cost 80-100 µs, about
// a fifth of a GET /api/me, so the server writes the same line itself.)
// The line is written through a child logger without the redaction paths: they name headers and
// bodies (req.headers.cookie, req.body.password, …), which this line never has, and applying them to its
// `req`/`res` fields cost about 9 µs per request (a third of the line's cost, in a CPU profile of
// GET /api/me). Every other log call keeps the redaction.
import type { Logger } from 'pino';
import type { RequestEnd } from './request-end.js';

/** The line written when a request's response closes (server/http/request-end.ts calls it). */
export function requestLog(logger: Logger): RequestEnd {
  const lines = logger.child({}, { redact: [] });
  return (req, res, started) => {
    const url = req.originalUrl;
    // Health checks and the studio's files would drown the log.
    if (!url.startsWith('/api/') || url === '/api/health') return;
    const status = res.statusCode;
    const isAborted = !res.writableFinished;
    const level = status >= 500 ? 'error' : status >= 400 || isAborted ? 'warn' : 'info';
    lines[level](
      {
        req: { method: req.method, url: pathOf(url), ...queryNames(url) },
        res: { statusCode: status },
        responseTime: Math.round(performance.now() - started),
        ...(isAborted ? { isAborted } : {}),
      },
      isAborted ? 'request aborted by the client' : 'request completed',
    );
  };
}

/** The URL without its query string. */
function pathOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : url.slice(0, at);
}

/** The names of the query's parameters (`{query: ['q', 'limit']}`), never their values; nothing without a query. */
function queryNames(url: string): { query?: string[] } {
  const at = url.indexOf('?');
  if (at < 0) return {};
  const names = [...new Set([...new URLSearchParams(url.slice(at + 1)).keys()])]
    .slice(0, 20)
    .map((n) => n.slice(0, 40));
  return names.length ? { query: names } : {};
}
