// The Express app: request log, helmet, same-origin check, JSON bodies (100 kB), the API routers, the
// studio, and the error handler that gives every failure the API error shape.
import type { IncomingMessage } from 'node:http';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { AppContext } from './core/context.js';
import { authRoutes } from './auth/routes.js';
import { ApiError } from './errors/api-error.js';
import { answerLangOf } from './errors/answer.js';
import { errorReply } from './errors/reply.js';
import { requestLang } from './auth/middleware.js';
import { HTTPS_LOCAL } from './auth/sessions.js';
import { allowedHosts, helmetMiddleware, hostCheck, sameOriginCheck } from './http/security.js';
import { requestLog } from './http/request-log.js';
import { atRequestEnd } from './http/request-end.js';
import { series } from './http/series.js';
import { fullPath, type ApiRoutes } from './http/routes.js';
import { adminRoutes } from './routes/admin.js';
import { bookRoutes } from './routes/books.js';
import { seriesRoutes } from './routes/series.js';
import { editionRoutes } from './routes/editions.js';
import { audiobookRoutes } from './routes/audiobook.js';
import { bilingualRoutes } from './routes/bilingual.js';
import { storyMapRoutes } from './routes/story-map.js';
import { sourceRoutes } from './routes/source.js';
import { creditRoutes } from './routes/credits.js';
import { generatorRoutes } from './routes/generators.js';
import { historyRoutes } from './routes/history.js';
import { importRoutes } from './routes/import.js';
import { meRoutes } from './routes/me.js';
import { checkoutRoutes, paymentRoutes, WEBHOOK_PATH } from './routes/payments.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { acceptApiKeys } from './auth/api-keys.js';
import { progressRoutes } from './routes/progress.js';
import { publishRoutes } from './routes/publish.js';
import { coverRoutes } from './routes/cover.js';
import { studioRoutes } from './static.js';
import { OPENAPI_PATH, openApiRoute } from './openapi.js';
import { createLifecycle, probe, readyRoute, refuseWhileStopping, type Lifecycle } from './http/lifecycle.js';
import { SSE_LOCAL, SSE_KEEP_ALIVE_MS } from './http/sse.js';
import { SLOW_MODEL_MS } from './http/model-wait.js';
import { hasBearer, metricsOf, requestMetrics } from './core/metrics.js';
import { compressJson } from './http/compress.js';
import { jsonBody } from './http/body.js';
import { ROUTES, type RouteDef } from '../engine/contract/index.js';
import { escapeRegExp } from '../engine/index.js';

/** Every route module (tests walk these to cover every route); each route sits at /api and its contract key's path. */
// Express tries routes in this order: the studio's most frequent request (GET /api/me, on every page) first.
export const API_ROUTERS: ReadonlyArray<(ctx: AppContext) => ApiRoutes> = [
  meRoutes,
  authRoutes,
  generatorRoutes,
  progressRoutes,
  bookRoutes,
  seriesRoutes,
  editionRoutes,
  audiobookRoutes,
  bilingualRoutes,
  storyMapRoutes,
  sourceRoutes,
  publishRoutes,
  coverRoutes,
  historyRoutes,
  importRoutes,
  creditRoutes,
  checkoutRoutes,
  paymentRoutes,
  apiKeyRoutes,
  adminRoutes,
];

/**
 * Where `Authorization: Bearer <key>` is accepted: generation, saved progress, books (exports, publishing) and history.
 */
export const API_KEY_PATHS = ['/generators', '/progress', '/books', '/series', '/history'] as const;

/**
 * The layers every API request passes, as one: its host and origin checked, `Cache-Control: no-store`, its JSON body
 * read, and its JSON answer compressed.
 */
function apiLayers(config: AppContext['config']): RequestHandler {
  const isAllowedHost = allowedHosts({ publicUrl: config.publicUrl, extra: config.allowedHosts });
  const json = jsonBody(config.jsonLimit);
  // Not mounted at /api (a mounted layer strips and restores the prefix, and Express parses the URL again
  // for the next layer: a few µs of every API request): the path is checked here instead.
  return series(
    hostCheck(isAllowedHost),
    noStore,
    sameOriginCheck({ trustedOrigins: [config.publicUrl], isAllowedHost }),
    // The Stripe webhook reads its own raw body: its signature is over the exact bytes sent; so does an
    // upload (an imported manuscript), whatever Content-Type a client gave it. A request without a body
    // (no Content-Length, no Transfer-Encoding: body-parser's own test, made here first) skips the
    // parser, as the parser itself would.
    (req, res, next) => {
      const path = req.path.slice(API_PREFIX.length);
      if (!hasBody(req) || path === WEBHOOK_PATH || isUploadPath(path)) return next();
      // A JSON body is read with its cap (http/body.ts): one declared longer than the limit is refused before a byte
      // of it is read, one sent longer as soon as it passes the limit; the connection closes after the answer.
      return json(req, res, next);
    },
    compressJson(),
  );
}

export function createApp(ctx: AppContext, opts: { lifecycle?: Lifecycle } = {}): Express {
  const { config, logger, repos } = ctx;
  const lifecycle =
    opts.lifecycle ??
    createLifecycle({
      readiness: async () => ({
        store: await probe(() => repos.system.ping()),
        queue: ctx.steps ? 'ok' : 'unused',
        migrations: 'ok',
      }),
    });
  const metrics = metricsOf(ctx);
  const app = express();
  app.disable('x-powered-by');
  // API answers are private and current: `Cache-Control: no-store` (below) instead of an ETag hashed from
  // every body, which no client could use. The public catalog sets its own (routes/generators.ts), and
  // the studio's files theirs (static.ts).
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  app.locals[HTTPS_LOCAL] = new URL(config.publicUrl).protocol === 'https:';
  // Event streams: a keep-alive comment every 15 s (a proxy cuts a silent stream), counted while open; a stream
  // waiting on the model says so every 5 s it waits, in its writer's language (http/model-wait.ts).
  app.locals[SSE_LOCAL] = {
    keepAliveMs: config.sseKeepAliveMs ?? SSE_KEEP_ALIVE_MS,
    slowModelMs: config.slowModelNoticeMs ?? SLOW_MODEL_MS,
    openStreams: metrics.openStreams,
    lifecycle,
    // Its waits are worded in the writer's language, the account's (http/model-wait.ts waitLang).
    writerLang: requestLang,
  };

  // In this order, each pair as one router layer (series: fewer layers for Express to walk per request).
  // When a response closes, its log line, its metrics and the end of its count, from one listener.
  const watch = atRequestEnd(requestLog(logger), requestMetrics(metrics), (_req, res) => lifecycle.untrack(res));
  const track: RequestHandler = (_req, res, next) => {
    lifecycle.track(res);
    next();
  };
  app.use(
    series(
      watch,
      track,
      helmetMiddleware({ isHttpsSite: app.locals[HTTPS_LOCAL] === true, apiPrefix: '/api/' }),
      refuseWhileStopping(lifecycle),
    ),
  );
  // Liveness and readiness answer on any Host (a probe uses the pod's IP) and carry no secrets. Liveness
  // is this process answering, whatever the database (an outage must not restart every instance at once);
  // readiness checks the dependencies.
  app.get('/api/health', noStore, (_req, res) => {
    res.json({
      status: 'ok',
      version: config.version,
      provider: ctx.provider.name,
      generators: ctx.catalog.specs.length,
    });
  });
  app.get('/api/ready', noStore, readyRoute(lifecycle));
  // Prometheus text behind KARYA_METRICS_TOKEN (Bearer); absent, there is nothing here (404).
  app.get('/metrics', noStore, async (req, res) => {
    if (!config.metricsToken) throw ApiError.of(404, 'not_found');
    if (!hasBearer(req.get('authorization'), config.metricsToken)) {
      res.set('www-authenticate', 'Bearer realm="metrics"');
      throw ApiError.of(401, 'unauthenticated');
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  const api = apiLayers(config);
  app.use((req, res, next) => (isApiPath(req.path) ? api(req, res, next) : next()));

  app.get(OPENAPI_PATH, openApiRoute({ version: config.version, apiKeyPaths: API_KEY_PATHS }));
  // API keys work on generation, progress, history and export routes only (never account, key or admin routes).
  app.use(
    API_KEY_PATHS.map((p) => `/api${p}`),
    acceptApiKeys(ctx),
  );
  // Each route on the app's own router at its full path (server/http/routes.ts), in declaration order.
  for (const routes of API_ROUTERS) {
    for (const route of routes(ctx).routes) app[route.method](fullPath(route.path), ...route.handlers);
  }
  app.use('/api', (_req, _res, next) => next(ApiError.of(404, 'not_found')));
  app.use(studioRoutes(config.studioDir));
  app.use(errorHandler(logger));
  return app;
}

/**
 * The paths (under /api) of the routes whose body is a file's raw bytes (engine/contract/routes.ts `upload`), a
 * parameter (`:id`) matching one segment.
 */
const UPLOAD_PATHS: readonly RegExp[] = Object.entries(ROUTES as Record<string, RouteDef>)
  .filter(([, def]) => def.upload)
  .map(
    ([key]) =>
      new RegExp(
        `^${key
          .slice(key.indexOf(' ') + 1)
          .split('/')
          .map((s) => (s.startsWith(':') ? '[^/]+' : escapeRegExp(s)))
          .join('/')}$`,
        'i',
      ),
  );

/** Whether a path (under /api) is an upload route's. */
const isUploadPath = (path: string) => UPLOAD_PATHS.some((p) => p.test(path));

const API_PREFIX = '/api';

/**
 * A path under /api, as app.use('/api', …) matches it: /api itself or /api/…, in any case (Express's routing is
 * case-insensitive).
 */
function isApiPath(path: string): boolean {
  return (
    path.length >= API_PREFIX.length &&
    path.slice(0, API_PREFIX.length).toLowerCase() === API_PREFIX &&
    (path.length === API_PREFIX.length || path[API_PREFIX.length] === '/')
  );
}

/** No cache keeps an API answer (a profile, a balance, a book); a route may say otherwise (the catalog). */
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('cache-control', 'no-store');
  next();
};

/** Whether a request has a body: type-is's hasBody, the test body-parser makes before anything else. */
function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));
}

/**
 * The one error handler: every error answers as errors/reply.ts words it, in the language of the book the
 * request works on or else the caller's; the server's own failures are kept in the log.
 */
function errorHandler(logger: AppContext['logger']): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const callerLang = requestLang(req);
    const reply = errorReply(error, { lang: answerLangOf(req) ?? callerLang, callerLang });
    const where = { method: req.method, url: req.originalUrl };
    if (reply.isUnexpected) logger.error({ err: error, req: where }, 'unexpected error');
    // The server's own failure (a missing font, the provider down), answered in words and kept in the log.
    else if (reply.isServerFailure) logger.warn({ err: error, code: reply.error.code, req: where }, 'request failed');
    if (res.headersSent) {
      res.end();
      return;
    }
    // A refusal that can be retried says when (a 409 while a run's lease holds, a 503 while a pool is full…).
    // A header a route set already (the wait its own limiter computed) stands.
    if (reply.retryAfter !== undefined && !res.hasHeader('Retry-After'))
      res.set('Retry-After', String(reply.retryAfter));
    res.status(reply.status).json(reply.body);
  };
}
