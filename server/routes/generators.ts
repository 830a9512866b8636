// /api/generators: the compiled list, each generator's form model, and POST …/:id/generate, which runs
// the user's next step (JSON answer, or `delta` events then `done`/`error` with Accept: text/event-stream).
import { Router } from 'express';
import * as z from 'zod';
import { BookSession, SessionError, stepKey, type Lang } from '../../engine/index.js';
import { GenerateBodySchema, GenerationEventSchemas, GeneratorIdParamsSchema } from '../../engine/contract/index.js';
import type { AppContext } from '../context.js';
import { ApiError, errorBody, MESSAGES } from '../http/errors.js';
import { openEventStream, wantsEventStream } from '../http/sse.js';
import { parse } from '../http/validate.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import { donePayload, failureOf, KeyedMutex, settingsOrError, userProgress } from '../generation.js';
import type { Charge } from '../store/ports.js';
import type { Reply, TypedEventStream } from '../http/contract.js';

type GenerationEvents = { [E in keyof typeof GenerationEventSchemas]: z.output<(typeof GenerationEventSchemas)[E]> };

const Id = GeneratorIdParamsSchema;
const GenerateBody = GenerateBodySchema;

export function generatorRoutes(ctx: AppContext): Router {
  const { repos, catalog, provider, config, logger } = ctx;
  const router = Router();
  const books = new KeyedMutex();
  const summaries = catalog.specs.map((spec) => {
    const form = catalog.form(spec.id)!;
    return { id: form.id, route: form.route, family: form.family, kind: form.kind, bookType: form.bookType, title: form.title, tagline: form.tagline, typeLabel: form.typeLabel, cost: form.cost };
  });

  router.get('/', (_req, res) => {
    res.json({ generators: summaries });
  });

  router.get('/:id', (req, res) => {
    const { id } = parse(Id, req.params);
    const form = catalog.form(id);
    if (!form) throw ApiError.of(404, 'generator_not_found');
    res.json(form);
  });

  router.post('/:id/generate', requireUser(repos.auth, 'not_signed_in'), async (req, res: Reply<'POST /generators/:id/generate'>) => {
    const { id } = parse(Id, req.params);
    const spec = catalog.get(id);
    if (!spec) throw ApiError.of(404, 'generator_not_found');
    const body = parse(GenerateBody, req.body);
    const userId = sessionOf(req).user.id;

    const raw: Record<string, unknown> = { ...body.settings };
    const langField = spec.fields.find((f) => f.role === 'language');
    if (body.lang && langField) raw[langField.name] = body.lang;
    const hintLang: Lang = body.lang ?? (raw[langField?.name ?? ''] === 'ms' ? 'ms' : spec.fixedLanguage);
    if (body.lang && !langField && body.lang !== spec.fixedLanguage) {
      throw new ApiError(400, 'invalid_settings', MESSAGES.invalid_request, { lang: `${spec.id} always writes in ${spec.fixedLanguage}` });
    }
    const settings = settingsOrError({ spec, raw, lang: hintLang });
    const chapterField = spec.fields.find((f) => f.role === 'chapterTitle');
    const chapterTitle = body.chapterTitle?.trim() || (chapterField ? String(settings[chapterField.name] ?? '').trim() : '') || undefined;

    const client = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) client.abort();
    });

    await books.run(spec.kind === 'book' ? `${userId}\u0000${spec.bookType}` : null, async () => {
      if (client.signal.aborted) return;
      let charge: Charge | undefined;
      let session: BookSession;
      try {
        session = await BookSession.open({
          spec, renderer: catalog.renderer, provider, key: spec.bookType, settings, onFinished: 'keep',
          store: userProgress(repos, { userId, spec, charge: () => charge, ...(chapterTitle ? { chapterTitle } : {}) }),
        });
      } catch (error) {
        if (error instanceof SessionError) throw ApiError.catalogue(400, 'invalid_chapters', hintLang);
        throw error;
      }
      const lang: Lang = session.state.lang;
      const step = session.next();
      if (!step) throw ApiError.of(409, 'book_complete');
      if (body.step && stepKey(body.step) !== stepKey(step)) {
        throw new ApiError(409, 'step_not_allowed', MESSAGES.step_not_allowed, { step: `the next step is ${session.label(step)}` });
      }
      const label = session.label(step);
      charge = (await repos.generations.start({ userId, generatorId: spec.id, step: stepKey(step), cost: spec.cost, reason: `${spec.id}: ${label}` })) ?? undefined;
      if (!charge) throw ApiError.catalogue(402, 'insufficient_credits', lang);

      const stream: TypedEventStream<GenerationEvents> | null = wantsEventStream(req.get('accept')) ? openEventStream(res) : null;
      const timeout = AbortSignal.timeout(config.generationTimeoutMs);
      try {
        const result = await session.advance({
          expected: step, signal: AbortSignal.any([client.signal, timeout]),
          ...(chapterTitle ? { chapterTitle } : {}),
          ...(stream ? { onDelta: (text: string) => stream.send('delta', { text }) } : {}),
        });
        const payload = donePayload({ spec, result, book: session.view(), charge, creditsAvailable: (await repos.credits.balanceOf(userId)) ?? 0 });
        if (stream) {
          stream.send('done', payload);
          stream.close();
        } else res.json(payload);
        // The story so far, for the next step (part of this one: nothing charged). The book stays locked
        // for this user until it is done; a failure is tried again before the next step.
        await session
          .remember({ signal: AbortSignal.timeout(config.generationTimeoutMs) })
          .then(async ({ calls, usage }) => {
            if (calls) await repos.generations.recordUsage({ userId, promptType: spec.contentType, metadata: { generator: spec.id, step: 'memory', calls, generation: charge!.generationId, ...(usage ? { tokens: usage } : {}) } });
          })
          .catch((err: unknown) => logger.warn({ err, generator: spec.id }, 'memory update failed; tried again before the next step'));
      } catch (error) {
        const isClientGone = client.signal.aborted;
        const failure = failureOf(error, { lang, isTimeout: timeout.aborted && !isClientGone });
        await repos.generations.refund({ userId, charge, reason: `Refund: ${spec.id} ${label} (${isClientGone ? 'client went away' : failure.code})`, errorCode: isClientGone ? 'client_gone' : failure.code });
        if (failure.status >= 500 && !isClientGone) logger.warn({ err: error, generator: spec.id, code: failure.code }, 'generation failed; charge refunded');
        if (isClientGone) return;
        if (stream) {
          stream.send('error', errorBody(failure).error);
          stream.close();
        } else throw failure;
      }
    });
  });

  return router;
}
