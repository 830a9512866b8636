// One generation step for one user, on the server: the book state the server holds, the atomic charge
// (with a generations row), the step itself through the engine, then either the commit (progress,
// history, usage) or the refund. The HTTP side (JSON or event stream) is in routes/generate.ts.
import { randomUUID } from 'node:crypto';
import {
  GenerationError, SettingsError, settingsIssueMessage, bookLanguage, buttonLabel, catalogueMessage, nextStep, outlineToast, parseSettings, progress, restoreBook, startBook, stepLabel,
  type BookState, type Lang, type ResolvedSpec, type Settings, type Step, type StepOutcome,
} from '../engine/index.js';
import type { Store } from './db/store.js';
import { nowIso } from './db/store.js';
import { changeCredits } from './db/credits.js';
import { addUsage, findUserById } from './db/users.js';
import { progressRowToState, saveProgressQuery } from './db/progress.js';
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

/** The state of the user's book of this type as the server holds it, or null. */
export function heldBook(store: Store, input: { userId: string; spec: ResolvedSpec }): BookState | null {
  const { userId, spec } = input;
  const row = store.first(store.db.selectFrom('book_progress').selectAll().where('user_id', '=', userId).where('progress_key', '=', spec.bookType));
  return row ? restoreBook(spec, progressRowToState(row)) : null;
}

/**
 * The state the next step runs on. Until the introduction exists the request's settings apply (an
 * outline already written is kept); from the introduction on, the locked settings apply.
 */
export function bookStateFor(store: Store, input: { userId: string; spec: ResolvedSpec; settings: Settings }): BookState {
  const { userId, spec, settings } = input;
  const held = spec.kind === 'book' ? heldBook(store, { userId, spec }) : null;
  if (held?.isLocked) return held;
  let fresh: BookState;
  try {
    fresh = startBook({ spec, settings });
  } catch (error) {
    if (error instanceof RangeError) throw new ApiError(400, 'invalid_chapters', catalogueMessage('invalid_chapters', bookLanguage(spec, settings)));
    throw error;
  }
  return held?.outline !== undefined ? { ...fresh, outline: held.outline } : fresh;
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

/** Save the result: progress (books and saving single tools), content history, usage, the generation row. */
export function commitStep(store: Store, input: { userId: string; spec: ResolvedSpec; outcome: StepOutcome; label: string; chapterTitle?: string; charge: Charge }): void {
  const { spec, outcome, userId } = input;
  const lang = outcome.state.lang;
  const now = nowIso();
  store.transaction(() => {
    if (spec.kind === 'book' || spec.flow.savesProgress) {
      store.run(saveProgressQuery(store.db, { userId, key: spec.bookType, bookType: spec.bookType, state: outcome.state }));
    }
    const chapterTitle = outcome.step.kind === 'chapter' && input.chapterTitle ? ` (${input.chapterTitle})` : '';
    const title = spec.kind === 'book' ? `${spec.typeLabel[lang]}: ${input.label}${chapterTitle}` : spec.title[lang];
    store.run(store.db.insertInto('content_history').values({ user_id: userId, title, content_type: spec.contentType, content: outcome.text, generator_id: spec.id, created_at: now }));
    if (outcome.step.kind !== 'outline') addUsage(store, userId);
    store.run(
      store.db.insertInto('usage_records').values({
        user_id: userId,
        prompt_type: spec.contentType,
        credits_used: input.charge.credits,
        metadata: JSON.stringify({
          generator: spec.id, step: stepKey(outcome.step), words: outcome.words, seconds: Number(outcome.seconds.toFixed(3)), generation: input.charge.generationId,
          ...(outcome.usage ? { tokens: outcome.usage } : {}),
        }),
        created_at: now,
      }),
    );
    store.run(store.db.updateTable('generations').set({ status: 'succeeded', finished_at: now }).where('id', '=', input.charge.generationId));
  });
}

export function stepKey(step: Step): string {
  return 'position' in step ? `${step.kind}:${step.position}` : step.kind;
}

/** What the client gets when a step is done (JSON answer or the stream's `done` event). */
export function donePayload(input: { spec: ResolvedSpec; outcome: StepOutcome; label: string; charge: Charge; creditsAvailable: number }) {
  const { spec, outcome } = input;
  const lang = outcome.state.lang;
  const next = nextStep(spec, outcome.state);
  return {
    generation_id: input.charge.generationId,
    generator_id: spec.id,
    part: { kind: outcome.step.kind, ...('position' in outcome.step ? { position: outcome.step.position } : {}) },
    label: input.label,
    content: outcome.text,
    words: outcome.words,
    progress: spec.kind === 'book' ? progress(spec, outcome.state) : null,
    next: next ? { kind: next.kind, ...('position' in next ? { position: next.position } : {}), label: stepLabel(next, lang, spec), button: buttonLabel(spec, next, lang) } : null,
    ...(outcome.step.kind === 'outline' ? { toast: outlineToast(spec, lang) } : {}),
    ...(outcome.png ? { image: `data:image/png;base64,${Buffer.from(outcome.png).toString('base64')}` } : {}),
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
