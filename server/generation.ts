// What the server adds around the engine's book session for one user's step: the atomic charge (with a
// generations row), the commit of the step (its part, history, usage) as the session's progress port,
// or the refund. The HTTP side (JSON or event stream) is in routes/generators.ts.
import { randomUUID } from 'node:crypto';
import {
  GenerationError, SettingsError, settingsIssueMessage, catalogueMessage, outlineToast, parseSettings, stepKey, stepRef,
  type BookView, type DonePayload, type Lang, type ProgressStore, type ResolvedSpec, type Settings, type Step, type StepResult, type StepSave,
} from '../engine/index.js';
import type { Store } from './db/store.js';
import { nowIso } from './db/store.js';
import { changeCredits } from './db/credits.js';
import { addUsage, findUserById } from './db/users.js';
import { loadBook, writeStep } from './store/books.js';
import { ApiError, MESSAGES } from './http/errors.js';

/** Runs tasks with the same key one after another (one book of one user advances one step at a time). */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string | null, task: () => Promise<T>): Promise<T> {
    if (key === null) return task();
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/** Validate the request's settings with the generator's schema: 400 naming each field. */
export function settingsOrError(input: { spec: ResolvedSpec; raw: Readonly<Record<string, unknown>>; lang: Lang }): Settings {
  const { spec, raw, lang } = input;
  try {
    return parseSettings(spec, raw);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    const fields: Record<string, string> = {};
    for (const issue of error.issues) fields[issue.field] ??= settingsIssueMessage(issue, { lang });
    const chaptersField = spec.fields.find((f) => f.role === 'chapters')?.name;
    const isChapters = chaptersField !== undefined && fields[chaptersField] !== undefined;
    throw new ApiError(400, isChapters ? 'invalid_chapters' : 'invalid_settings', isChapters ? catalogueMessage('invalid_chapters', lang) : MESSAGES.invalid_request, fields);
  }
}

export interface Charge {
  generationId: string;
  credits: number;
}

/**
 * Check and deduct the step's cost in one transaction (the admin always passes); null when short.
 * The commit is not flushed on its own: the client learns of the charge only with the result or the
 * refund, whose flushed commit carries it to disk (one fsync per step instead of two).
 */
export function chargeStep(store: Store, input: { userId: string; spec: ResolvedSpec; step: Step; label: string }): Charge | null {
  const generationId = randomUUID();
  return store.transaction(() => {
    const user = findUserById(store, input.userId);
    if (!user) return null;
    let credits = input.spec.cost;
    if (credits > 0) {
      const reason = `${input.spec.id}: ${input.label}`;
      const balance = changeCredits(store, { userId: user.id, amount: -credits, type: 'charge', reason, reference: generationId });
      if (!balance) {
        if (user.role !== 'admin') return null;
        credits = 0;
      }
    }
    store.run(
      store.db.insertInto('generations').values({
        id: generationId, user_id: user.id, generator_id: input.spec.id, step: stepKey(input.step), credits_charged: credits, status: 'running', error_code: null, created_at: nowIso(),
      }),
    );
    return { generationId, credits };
  }, { isDeferred: true });
}

/** Give the charge back (generation failed, client gone, or the server stopped during it). */
export function refundStep(store: Store, input: { userId: string; charge: Charge; reason: string; errorCode: string }): void {
  store.transaction(() => {
    if (input.charge.credits > 0 && findUserById(store, input.userId)) {
      changeCredits(store, { userId: input.userId, amount: input.charge.credits, type: 'refund', reason: input.reason, reference: input.charge.generationId });
    }
    store.run(
      store.db
        .updateTable('generations')
        .set({ status: input.charge.credits > 0 ? 'refunded' : 'failed', error_code: input.errorCode, finished_at: nowIso() })
        .where('id', '=', input.charge.generationId),
    );
  });
}

/** Refund every generation that was running when the server stopped (crash, kill -9). */
export function refundInterrupted(store: Store): number {
  const running = store.all(store.db.selectFrom('generations').selectAll().where('status', '=', 'running'));
  for (const g of running) {
    refundStep(store, { userId: g.user_id, charge: { generationId: g.id, credits: g.credits_charged }, reason: `Refund: ${g.generator_id} ${g.step} (server stopped)`, errorCode: 'interrupted' });
  }
  return running.length;
}

/**
 * The user's saved books as the session's progress port. A step's save is its commit: in one transaction
 * its part (books and tools that save progress), the content history, usage and the generation's status.
 */
export function userProgress(store: Store, input: { userId: string; spec: ResolvedSpec; charge: () => Charge | undefined; chapterTitle?: string }): ProgressStore {
  const { userId, spec } = input;
  return {
    load: async (key) => loadBook(store, userId, key),
    saveStep: async (key, save) => {
      const charge = input.charge();
      if (!charge) throw new Error('a step was saved before it was charged');
      commitStep(store, { userId, key, spec, save, charge, ...(input.chapterTitle ? { chapterTitle: input.chapterTitle } : {}) });
    },
  };
}

function commitStep(store: Store, input: { userId: string; key: string; spec: ResolvedSpec; save: StepSave; chapterTitle?: string; charge: Charge }): void {
  const { spec, save, userId } = input;
  const lang = save.state.lang;
  const now = nowIso();
  store.transaction(() => {
    writeStep(store, userId, input.key, save);
    const chapterTitle = save.step.kind === 'chapter' && input.chapterTitle ? ` (${input.chapterTitle})` : '';
    const title = spec.kind === 'book' ? `${spec.typeLabel[lang]}: ${save.label}${chapterTitle}` : spec.title[lang];
    store.run(store.db.insertInto('content_history').values({ user_id: userId, title, content_type: spec.contentType, content: save.text, generator_id: spec.id, created_at: now }));
    if (save.step.kind !== 'outline') addUsage(store, userId);
    store.run(
      store.db.insertInto('usage_records').values({
        user_id: userId,
        prompt_type: spec.contentType,
        credits_used: input.charge.credits,
        metadata: JSON.stringify({
          generator: spec.id, step: save.stepKey, words: save.words, seconds: Number(save.seconds.toFixed(3)), generation: input.charge.generationId,
          ...(save.usage ? { tokens: save.usage } : {}),
        }),
        created_at: now,
      }),
    );
    store.run(store.db.updateTable('generations').set({ status: 'succeeded', finished_at: now }).where('id', '=', input.charge.generationId));
  });
}

/** What the client gets when a step is done (JSON answer or the stream's `done` event). */
export function donePayload(input: { spec: ResolvedSpec; result: StepResult; book: BookView; charge: Charge; creditsAvailable: number }): DonePayload {
  const { spec, result, book } = input;
  const lang = result.state.lang;
  return {
    generation_id: input.charge.generationId,
    generator_id: spec.id,
    part: stepRef(result.step),
    label: result.label,
    content: result.text,
    words: result.words,
    progress: book.progress,
    next: book.next,
    book: spec.kind === 'book' ? book : null,
    ...(result.step.kind === 'outline' ? { toast: outlineToast(spec, lang) } : {}),
    ...(result.png ? { image: `data:image/png;base64,${Buffer.from(result.png).toString('base64')}` } : {}),
    credits_charged: input.charge.credits,
    credits_available: input.creditsAvailable,
  };
}

/** A failed step as an API error: catalogue code and message, status by cause (never 401: that would sign the user out). */
export function failureOf(error: unknown, context: { lang: Lang; isTimeout: boolean }): ApiError {
  const { lang, isTimeout } = context;
  if (!(error instanceof GenerationError)) return new ApiError(500, 'unexpected', catalogueMessage('unexpected', lang));
  const code = isTimeout ? 'timeout' : error.code;
  const status =
    code === 'rate_limited' ? 429
    : code === 'service_unavailable' ? 503
    : code === 'timeout' || code === 'aborted' ? 504
    : code === 'prompt_required' ? 400
    : 502;
  // image_failed carries the upstream reason, already filled into the error's (English) message.
  return new ApiError(status, code, code === 'image_failed' ? error.message : catalogueMessage(code, lang));
}
