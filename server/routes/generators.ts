// /api/generators: the compiled list, each generator's form model, and POST …/:id/generate, which runs
// the user's next step (JSON answer, or `delta` events then `done`/`error` with Accept: text/event-stream).
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import type * as z from 'zod';
import { isLang, stepKey, withLanguage, type Lang } from '../../engine/index.js';
import { GenerateBodySchema, IDEMPOTENT_REPLAYED_HEADER, type DonePayload } from '../../engine/contract/index.js';
import type { AppContext } from '../core/context.js';
import { ApiError, languageRefusal } from '../errors/api-error.js';
import { answerIn } from '../errors/answer.js';
import type { StepRequest } from '../core/steps.js';
import { openEventStream, wantsEventStream } from '../http/sse.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import { stepSettingsOrError, takeGenerationToken, type settingsOrError } from '../core/generation.js';
import { publicJson, sendPublicJson, type PublicJson, type TypedEventStream } from '../http/contract.js';
import { ApiRoutes } from '../http/routes.js';
import { runGeneration, type GenerationEvents, type SharedChecks } from './generate.js';

/** How long a stored answer serves retries with the same Idempotency-Key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The request an Idempotency-Key stands for: the generator and the body, with object keys sorted. */
function hashRequest(input: { generatorId: string; body: unknown }): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical({ generator: input.generatorId, body: input.body ?? null })))
    .digest('hex');
}

type GeneratorSpec = NonNullable<ReturnType<AppContext['catalog']['get']>>;

/** The settings a generation body asks for, in the language it asks for, with the language to answer refusals in. */
async function settingsOfBody(
  ctx: AppContext,
  req: object,
  input: { userId: string; spec: GeneratorSpec; body: z.output<typeof GenerateBodySchema> },
): Promise<{ settings: ReturnType<typeof settingsOrError>; hintLang: Lang; chapterTitle: string | undefined }> {
  const { spec, body } = input;
  const chosen = withLanguage(spec, { ...body.settings }, body.lang);
  if (!chosen.ok) throw languageRefusal(chosen);
  const raw = chosen.settings;
  const langField = spec.fields.find((f) => f.role === 'language');
  const asked = raw[langField?.name ?? ''];
  const hintLang: Lang = body.lang ?? (isLang(asked) ? asked : spec.fixedLanguage);
  // A setting refused is answered in the language the book is asked in.
  answerIn(req, hintLang);
  // A book begun keeps its own chapter count (an imported novel past a new book's limit).
  const settings = await stepSettingsOrError(ctx, { userId: input.userId, spec, raw });
  const chapterField = spec.fields.find((f) => f.role === 'chapterTitle');
  const chapterTitle =
    body.chapterTitle?.trim() || (chapterField ? String(settings[chapterField.name] ?? '').trim() : '') || undefined;
  return { settings, hintLang, chapterTitle };
}

/**
 * Starts the request under its Idempotency-Key: refused while the same key runs or when it was used for
 * another request; a finished one is answered again from the store (true), as JSON or a `done` event.
 */
async function replayStoredAnswer(
  ctx: AppContext,
  input: {
    userId: string;
    idempotencyKey: string;
    requestHash: string;
    hintLang: Lang;
    isStream: boolean;
    res: Response;
  },
): Promise<boolean> {
  const { userId, idempotencyKey, requestHash, hintLang, res } = input;
  // A key still running after three step time-outs belongs to a server that stopped during it.
  const found = await ctx.repos.idempotency.begin({
    userId,
    key: idempotencyKey,
    requestHash,
    ttlMs: IDEMPOTENCY_TTL_MS,
    staleMs: 3 * ctx.config.generationTimeoutMs,
  });
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

type GeneratorForm = NonNullable<ReturnType<AppContext['catalog']['form']>>;

/** A generator as the list shows it: its names, kind and cost, without its form. */
function summaryOf(form: GeneratorForm) {
  return {
    id: form.id,
    route: form.route,
    family: form.family,
    kind: form.kind,
    bookType: form.bookType,
    title: form.title,
    tagline: form.tagline,
    typeLabel: form.typeLabel,
    cost: form.cost,
    ...(form.refusedLanguages ? { refusedLanguages: form.refusedLanguages } : {}),
  };
}

export function generatorRoutes(ctx: AppContext): ApiRoutes {
  const { repos, catalog } = ctx;
  const router = new ApiRoutes();
  /** The AI test page's last answer per settings (see routes/generate.ts). */
  const checks: SharedChecks = new Map();
  const summaries = catalog.specs.map((spec) => summaryOf(catalog.form(spec.id)!));

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
  router.on(
    'POST /generators/:id/generate',
    { checkParams: ({ id }) => void specOf(id), isBodyRequired: true },
    requireUser(repos.auth, 'not_signed_in'),
    async (req, res) => {
      const spec = specOf(req.input.params.id);
      const { body, headers } = req.input;
      const userId = sessionOf(req).user.id;

      const { settings, hintLang, chapterTitle } = await settingsOfBody(ctx, req, { userId, spec, body });

      const isStream = wantsEventStream(req.get('accept'));
      const { user } = sessionOf(req);

      await takeGenerationToken(ctx, { userId, lang: hintLang, res });
      const idempotencyKey = headers['idempotency-key'];
      if (
        idempotencyKey &&
        (await replayStoredAnswer(ctx, {
          userId,
          idempotencyKey,
          hintLang,
          isStream,
          requestHash: hashRequest({ generatorId: spec.id, body: req.body as unknown }),
          res,
        }))
      )
        return;

      const request: StepRequest = {
        userId,
        generatorId: spec.id,
        settings,
        hintLang,
        ...(chapterTitle ? { chapterTitle } : {}),
        ...(body.step ? { expectedStep: stepKey(body.step) } : {}),
        ...(body.fromDraft ? { fromDraft: body.fromDraft } : {}),
      };
      await runGeneration(ctx, res, { spec, request, user, isStream, idempotencyKey, checks });
    },
  );

  return router;
}
