// /api/generators: the compiled list, each generator's form model, and POST …/:id/generate, which runs
// the user's next step (JSON answer, or `delta` events then `done`/`error` with Accept: text/event-stream).
import { Router } from 'express';
import * as z from 'zod';
import { stepKey, type Lang } from '../../engine/index.js';
import { GenerateBodySchema, GenerationEventSchemas, GeneratorIdParamsSchema } from '../../engine/contract/index.js';
import type { AppContext } from '../context.js';
import { ApiError, errorBody, MESSAGES } from '../http/errors.js';
import { runUserStep, StepFailure, type StepHooks, type StepRequest } from '../steps.js';
import { openEventStream, wantsEventStream } from '../http/sse.js';
import { parse } from '../http/validate.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import { KeyedMutex, settingsOrError } from '../generation.js';
import type { Reply, TypedEventStream } from '../http/contract.js';

type GenerationEvents = { [E in keyof typeof GenerationEventSchemas]: z.output<(typeof GenerationEventSchemas)[E]> };

const Id = GeneratorIdParamsSchema;
const GenerateBody = GenerateBodySchema;

export function generatorRoutes(ctx: AppContext): Router {
  const { repos, catalog } = ctx;
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

    const request: StepRequest = {
      userId, generatorId: spec.id, settings, hintLang,
      ...(chapterTitle ? { chapterTitle } : {}),
      ...(body.step ? { expectedStep: stepKey(body.step) } : {}),
    };
    // With Postgres a worker runs the step (server/queue/); here, this process does. One step of one
    // user's book at a time either way (the queue holds a lock per book).
    const run = ctx.steps ? (hooks: StepHooks) => ctx.steps!.run(request, hooks) : (hooks: StepHooks) => books.run(spec.kind === 'book' ? `${userId}\u0000${spec.bookType}` : null, () => runUserStep(ctx, request, hooks));
    let stream: TypedEventStream<GenerationEvents> | null = null;
    if (client.signal.aborted) return;
    try {
      await run({
        client: client.signal,
        onCharged: () => {
          if (wantsEventStream(req.get('accept'))) stream = openEventStream(res);
        },
        onDelta: (text) => stream?.send('delta', { text }),
        onDone: (payload) => {
          if (stream) {
            stream.send('done', payload);
            stream.close();
          } else res.json(payload);
        },
      });
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      if (error.isClientGone) return;
      const open = stream as TypedEventStream<GenerationEvents> | null;
      if (open) {
        open.send('error', errorBody(error.error).error);
        open.close();
      } else throw error.error;
    }
  });

  return router;
}
