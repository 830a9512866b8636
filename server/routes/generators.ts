// /api/generators: the compiled list, each generator's form model, and POST …/:id/generate, which runs
// the user's next step (JSON answer, or `delta` events then `done`/`error` with Accept: text/event-stream).
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import * as z from 'zod';
import { stepKey, withLanguage, type Lang } from '../../engine/index.js';
import { GenerateBodySchema, GenerationEventSchemas, IDEMPOTENT_REPLAYED_HEADER, type DonePayload } from '../../engine/contract/index.js';
import type { AppContext } from '../core/context.js';
import { ApiError, errorBody, MESSAGES } from '../http/errors.js';
import { runUserStep, StepFailure, type StepHooks, type StepRequest } from '../core/steps.js';
import { openEventStream, wantsEventStream } from '../http/sse.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import { bookLockKey, bookLocks, settingsOrError } from '../core/generation.js';
import { publicJson, sendPublicJson, type PublicJson, type TypedEventStream } from '../http/contract.js';
import { ApiRoutes } from '../http/routes.js';
import { metricsOf } from '../core/metrics.js';

type GenerationEvents = { [E in keyof typeof GenerationEventSchemas]: z.output<(typeof GenerationEventSchemas)[E]> };

/** How long a stored answer serves retries with the same Idempotency-Key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The request an Idempotency-Key stands for: the generator and the body, with object keys sorted. */
function hashRequest(input: { generatorId: string; body: unknown }): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(canonical)
    : value && typeof value === 'object' ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]))
    : value;
  return createHash('sha256').update(JSON.stringify(canonical({ generator: input.generatorId, body: input.body ?? null }))).digest('hex');
}

type GeneratorSpec = NonNullable<ReturnType<AppContext['catalog']['get']>>;

/** The settings a generation body asks for, in the language it asks for, with the language to answer refusals in. */
function settingsOfBody(spec: GeneratorSpec, body: z.output<typeof GenerateBodySchema>): { settings: ReturnType<typeof settingsOrError>; hintLang: Lang; chapterTitle: string | undefined } {
  const chosen = withLanguage(spec, { ...body.settings }, body.lang);
  if (!chosen.ok) throw new ApiError(400, 'invalid_settings', MESSAGES.invalid_request, { lang: chosen.message });
  const raw = chosen.settings;
  const langField = spec.fields.find((f) => f.role === 'language');
  const hintLang: Lang = body.lang ?? (raw[langField?.name ?? ''] === 'ms' ? 'ms' : spec.fixedLanguage);
  const settings = settingsOrError({ spec, raw, lang: hintLang });
  const chapterField = spec.fields.find((f) => f.role === 'chapterTitle');
  const chapterTitle = body.chapterTitle?.trim() || (chapterField ? String(settings[chapterField.name] ?? '').trim() : '') || undefined;
  return { settings, hintLang, chapterTitle };
}

/** Every generation request of a user takes a token from their bucket (kept in the database); 429 when it is empty. */
async function takeGenerationToken(ctx: AppContext, input: { userId: string; hintLang: Lang; res: Response }): Promise<void> {
  const { config, repos } = ctx;
  const take = await repos.limits.take({ key: `generate:${input.userId}`, capacity: config.generationRate.burst, refillMs: config.generationRate.refillMs });
  if (take.isAllowed) return;
  input.res.set('Retry-After', String(Math.max(1, Math.ceil(take.retryAfterMs / 1000))));
  throw ApiError.catalogue(429, 'rate_limited', input.hintLang);
}

/**
 * Starts the request under its Idempotency-Key: refused while the same key runs or when it was used for
 * another request; a finished one is answered again from the store (true), as JSON or a `done` event.
 */
async function replayStoredAnswer(ctx: AppContext, input: { userId: string; idempotencyKey: string; requestHash: string; hintLang: Lang; isStream: boolean; res: Response }): Promise<boolean> {
  const { userId, idempotencyKey, requestHash, hintLang, res } = input;
  // A key still running after three step time-outs belongs to a server that stopped during it.
  const found = await ctx.repos.idempotency.begin({ userId, key: idempotencyKey, requestHash, ttlMs: IDEMPOTENCY_TTL_MS, staleMs: 3 * ctx.config.generationTimeoutMs });
  if (found.status === 'running') {
    res.set('Retry-After', '1');
    throw ApiError.catalogue(409, 'idempotency_in_progress', hintLang);
  }
  if (found.status === 'mismatch') throw ApiError.catalogue(422, 'idempotency_key_reused', hintLang);
  if (found.status !== 'done') return false;
  res.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
  const stored = JSON.parse(found.body) as DonePayload;
  if (input.isStream) {
    const replay: TypedEventStream<GenerationEvents> = openEventStream(res);
    replay.send('done', stored);
    replay.close();
  } else res.status(found.responseStatus).json(stored);
  return true;
}

/** A failed step: nothing when the client left, an `error` event on an open stream, else the error's JSON answer. */
function answerFailure(error: unknown, input: { isClientGone: boolean; stream: TypedEventStream<GenerationEvents> | null }): void {
  if (!(error instanceof StepFailure)) throw error;
  if (error.isClientGone || input.isClientGone) return;
  const open = input.stream;
  if (!open) throw error.error;
  open.send('error', errorBody(error.error).error);
  open.close();
}

export function generatorRoutes(ctx: AppContext): ApiRoutes {
  const { repos, catalog, config, logger } = ctx;
  const router = new ApiRoutes();
  // Shared with the edit route (routes/progress.ts): an edit waits for a step's memory update.
  const books = bookLocks(ctx).mutex;
  /** The AI test page's last answer per settings (see isSharedCheck). */
  const checks = new Map<string, { payload: DonePayload; at: number }>();
  const summaries = catalog.specs.map((spec) => {
    const form = catalog.form(spec.id)!;
    return { id: form.id, route: form.route, family: form.family, kind: form.kind, bookType: form.bookType, title: form.title, tagline: form.tagline, typeLabel: form.typeLabel, cost: form.cost };
  });

  // The catalog is public and fixed while the server runs: each answer is serialised once, with an ETag,
  // and a client that has it is answered 304.
  const list = publicJson({ generators: summaries });
  const forms = new Map<string, PublicJson>();

  router.on('GET /generators', (req, res) => {
    sendPublicJson(req, res, list);
  });

  router.on('GET /generators/:id', (req, res) => {
    const { id } = req.input.params;
    let answer = forms.get(id);
    if (!answer) {
      const form = catalog.form(id);
      if (!form) throw ApiError.of(404, 'generator_not_found');
      answer = publicJson(form);
      forms.set(id, answer);
    }
    sendPublicJson(req, res, answer);
  });

  const specOf = (id: string) => {
    const spec = catalog.get(id);
    if (!spec) throw ApiError.of(404, 'generator_not_found');
    return spec;
  };

  // An unknown generator answers 404 before its body is read; a request without a body is refused.
  router.on('POST /generators/:id/generate', { checkParams: ({ id }) => void specOf(id), isBodyRequired: true }, requireUser(repos.auth, 'not_signed_in'), async (req, res) => {
    const spec = specOf(req.input.params.id);
    const { body, headers } = req.input;
    const userId = sessionOf(req).user.id;

    const { settings, hintLang, chapterTitle } = settingsOfBody(spec, body);

    const isStream = wantsEventStream(req.get('accept'));
    const { user } = sessionOf(req);

    await takeGenerationToken(ctx, { userId, hintLang, res });
    const idempotencyKey = headers['idempotency-key'];
    if (idempotencyKey && (await replayStoredAnswer(ctx, { userId, idempotencyKey, hintLang, isStream, requestHash: hashRequest({ generatorId: spec.id, body: req.body as unknown }), res }))) return;

    // The step is cancelled (and refunded) when the client goes away before anything was sent to it. Once
    // a delta has been sent, the text reached the user: the step runs to its end and is kept and paid for.
    const cancel = new AbortController();
    let hasSent = false;
    let isClientGone = false;
    const onClose = () => {
      if (res.writableFinished) return;
      isClientGone = true;
      if (!hasSent) cancel.abort();
    };
    // A client that left while the request was checked (session, body, idempotency: database round
    // trips) has closed already, and 'close' does not fire twice.
    if (res.destroyed) onClose();
    else res.on('close', onClose);

    let stream: TypedEventStream<GenerationEvents> | null = null;
    let isStored = false;
    let answered: Promise<void> | undefined;
    /** The answer of a finished step: kept under the Idempotency-Key first, then the `done` event or JSON. */
    const answer = (payload: DonePayload) => {
      answered = (async () => {
        if (idempotencyKey) {
          await repos.idempotency.finish({ userId, key: idempotencyKey, responseStatus: 200, body: JSON.stringify(payload) });
          isStored = true;
        }
        if (isClientGone) logger.info({ generator: spec.id, generation: payload.generation_id }, 'client went away after text was sent: the step was kept and charged');
        const open = stream as TypedEventStream<GenerationEvents> | null;
        if (open) {
          open.send('done', payload);
          open.close();
        } else if (!res.headersSent && !res.destroyed) res.json(payload);
      })();
    };

    // The AI test page, for anyone but the administrator, is a health check shared by all: at most one
    // call to the service per settings every testCheckTtlMs, whatever the number of clicks or users.
    const isSharedCheck = spec.kind === 'test' && user.role !== 'admin';
    const checkKey = `${spec.id}\u0000${JSON.stringify(settings)}`;

    const request: StepRequest = {
      userId, generatorId: spec.id, settings, hintLang,
      ...(chapterTitle ? { chapterTitle } : {}),
      ...(body.step ? { expectedStep: stepKey(body.step) } : {}),
    };
    const hooks: StepHooks = {
      client: cancel.signal,
      onCharged: () => {
        if (isStream) stream = openEventStream(res);
      },
      onDelta: (text) => {
        if (isClientGone) return;
        hasSent = true;
        stream?.send('delta', { text });
      },
      onDone: (payload) => {
        if (spec.kind === 'test') checks.set(checkKey, { payload, at: Date.now() });
        answer(payload);
      },
    };
    // With Postgres a worker runs the step (server/queue/); here, this process does. One step of one
    // user's book at a time either way (the queue holds a lock per book).
    const runStep = () => (ctx.steps ? ctx.steps.run(request, hooks) : runUserStep(ctx, request, hooks));
    const lockKey = spec.kind === 'book' && !ctx.steps ? bookLockKey(userId, spec.bookType) : isSharedCheck ? `check\u0000${checkKey}` : null;
    const run = () =>
      books.run(lockKey, async () => {
        if (cancel.signal.aborted) return;
        const last = isSharedCheck ? checks.get(checkKey) : undefined;
        if (last && Date.now() - last.at < config.testCheckTtlMs) {
          if (isStream) stream = openEventStream(res);
          stream?.send('delta', { text: last.payload.content });
          answer({ ...last.payload, credits_charged: 0, credits_available: (await repos.credits.balanceOf(userId)) ?? 0, is_cached: true });
          return;
        }
        await runStep();
      });

    // Counted for the metrics (server/core/metrics.ts): done, or why not.
    let outcome = 'client_gone';
    try {
      if (cancel.signal.aborted) return;
      try {
        await run();
        await answered;
        if (answered) outcome = 'done';
      } catch (error) {
        outcome = error instanceof StepFailure ? error.error.code : error instanceof ApiError ? error.code : 'unexpected';
        answerFailure(error, { isClientGone, stream: stream as TypedEventStream<GenerationEvents> | null });
      }
    } finally {
      metricsOf(ctx).generations.inc({ provider: ctx.provider.name, outcome });
      if (idempotencyKey && !isStored) await repos.idempotency.release({ userId, key: idempotencyKey });
    }
  });

  return router;
}
