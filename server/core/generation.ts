// What the server adds around the engine's book session for one user's step: the request's settings
// checked, one step of one user's book at a time, the commit of the step (its part, history, usage) as the
// session's progress port, the answer, and the failure as an API error. Charging and refunds are the
// generations repository's; the HTTP side (JSON or event stream) is in routes/generators.ts and
// routes/generate.ts.
import {
  stepHistoryTitle,
  answerNotesOf,
  editionLanguageName,
  isLang,
  outlineToast,
  parseSettings,
  SettingsError,
  stepRef,
  type AnswerNote,
  type BookView,
  type DonePayload,
  type Lang,
  type ProgressStore,
  type ResolvedSpec,
  type Settings,
  type StepResult,
  type StepRef,
} from '../../engine/index.js';
import type { Response } from 'express';
import type { Charge, Repositories } from '../store/ports.js';
import { ApiError, tooMany } from '../errors/api-error.js';
import type { AppContext } from './context.js';
import { commitCharged } from './charged.js';
import { KeyedMutex } from './keyed-mutex.js';

/**
 * Every request that calls the model (a step, a passage, write more, a rewrite, a stopped part continued or
 * rewritten, the story bible's update on demand, a publishing package) takes a token from the user's
 * generation bucket, kept in the database so every instance shares it: 429 `rate_limited` with Retry-After
 * when it is empty. A request with an API key also took one from the key's own bucket (auth/api-keys.ts).
 */
export async function takeGenerationToken(
  ctx: Pick<AppContext, 'config' | 'repos'>,
  input: { userId: string; lang: Lang; res: Response },
): Promise<void> {
  const { config, repos } = ctx;
  const take = await repos.limits.take({
    key: `generate:${input.userId}`,
    capacity: config.generationRate.burst,
    refillMs: config.generationRate.refillMs,
  });
  if (take.isAllowed) return;
  throw tooMany(input.res, take.retryAfterMs, 'rate_limited', input.lang);
}

/** A step being written now (GET /api/progress shows it, so a writer who comes back sees it): its text so far. */
export interface RunningStep {
  step: StepRef;
  label: string;
  startedAt: string;
  text: string;
  /** The step's generation (its charge): a Stop answered by another process reads what it charged. */
  generationId?: string;
  /**
   * Stop the step (POST /api/progress/:bookType/stop): the model call is aborted and the text
   * so far kept as the step's draft. Resolves once settled, with what the stop charged.
   */
  stop?: () => Promise<{ charged: number }>;
}

/** The server's locks of one app context (bookLocks). */
export interface BookLocks {
  mutex: KeyedMutex;
  writing: Set<string>;
  running: Map<string, RunningStep>;
  /**
   * Books whose story bible is being re-derived after an edit (bible-catch-up.ts); `again`: asked again while it ran;
   * `settled`: the run's end (a caller that needs the bible whole joins it).
   */
  updating: Map<string, { again: boolean; settled?: Promise<void> }>;
}

const BOOK_LOCKS = new WeakMap<object, BookLocks>();

/**
 * The server's locks of users' books, one set per app context: `mutex` is held by a step with its memory
 * update (an edit by hand waits for it), `writing` names the books whose step is being written now (an
 * edit by hand is refused then: the text it would change is about to move on).
 */
export function bookLocks(ctx: object): BookLocks {
  let locks = BOOK_LOCKS.get(ctx);
  if (!locks)
    BOOK_LOCKS.set(
      ctx,
      (locks = { mutex: new KeyedMutex(), writing: new Set(), running: new Map(), updating: new Map() }),
    );
  return locks;
}

/**
 * Run `fn` inside the lock of one user's book type while nothing of it is being written, in this process or by a
 * worker (a running generation of any of `generatorIds`): refused 409 otherwise, naming what runs (runningRefusal),
 * checked before waiting for the lock and again once it is held. Edits, Write more, Start New, Continue and Delete.
 */
export async function whileNoStep<T>(
  ctx: { repos: Repositories },
  input: { userId: string; bookType: string; generatorIds: readonly string[]; lang: Lang; onWait?: BookWait },
  fn: () => Promise<T>,
): Promise<T> {
  const { mutex, writing } = bookLocks(ctx);
  const key = bookLockKey(input.userId, input.bookType);
  const refuseRunning = async () => {
    if (writing.has(key)) throw runningRefusal(undefined, input.lang);
    const { userId } = input;
    const steps = await Promise.all(
      input.generatorIds.map((generatorId) => ctx.repos.generations.runningStep({ userId, generatorId })),
    );
    const step = steps.find((s) => s !== undefined);
    if (step !== undefined) throw runningRefusal(step, input.lang);
  };
  await refuseRunning();
  // The lock held (a part of the bible's background catch-up being read, a step's bible update): said before waiting.
  if (input.onWait && mutex.isHeld(key)) input.onWait(lockHolderOf(ctx, key), input.lang);
  return mutex.run(key, async () => {
    await refuseRunning();
    return fn();
  });
}

/**
 * The 409 of a change refused while a generation of the book's generator runs, naming it by its step: an audio
 * edition (`audiobook`, server/core/audiobook-job.ts) audio_running, an edition in another language
 * (`translate:<lang>:…`, server/core/editions.ts) translation_running naming the language, else a step being
 * written, step_running. (A publish's steps are charged to the publishing generators, never a book's: it
 * refuses none of these.)
 */
export function runningRefusal(step: string | undefined, lang: Lang): ApiError {
  if (step === 'audiobook') return ApiError.catalogue(409, 'audio_running', lang);
  const to = /^translate:([^:]+):/.exec(step ?? '')?.[1];
  if (to === undefined || !isLang(to)) return ApiError.catalogue(409, 'step_running', lang);
  return ApiError.catalogue(409, 'translation_running', lang, { language: editionLanguageName(to, lang) });
}

/**
 * Told that a request on a book waits for the book's lock, and for what (the bible's catch-up, another step), in the
 * book's language.
 */
export type BookWait = (reason: 'story_bible' | 'book_step', lang: Lang) => void;

/** What holds the book's lock now, as a wait says it: its story bible's background catch-up, else another step. */
export function lockHolderOf(ctx: object, key: string): 'story_bible' | 'book_step' {
  return bookLocks(ctx).updating.has(key) ? 'story_bible' : 'book_step';
}

/** The lock key of one user's book of one type. */
export function bookLockKey(userId: string, bookType: string): string {
  return `${userId}\u0000${bookType}`;
}

/**
 * Validate the request's settings with the generator's schema: a SettingsError (400 `invalid_settings`, or
 * `invalid_chapters` when the chapter count is refused) naming each field, worded by the one error handler in
 * the request's answer language (answerIn).
 */
export function settingsOrError(input: { spec: ResolvedSpec; raw: Readonly<Record<string, unknown>> }): Settings {
  return parseSettings(input.spec, input.raw);
}

/**
 * The settings of a step of the user's book: validated as settingsOrError, except that a book already begun (its
 * settings locked: its steps are written with its own) keeps its own chapter count past a new book's limits. An
 * imported novel of 28 chapters asks for its conclusion with `numberOfChapters: 28`: the limit is for what a writer
 * asks the model to write, not for the chapters they brought. Any other refusal stands.
 */
export async function stepSettingsOrError(
  ctx: Pick<AppContext, 'repos'>,
  input: { userId: string; spec: ResolvedSpec; raw: Readonly<Record<string, unknown>> },
): Promise<Settings> {
  const { spec } = input;
  try {
    return parseSettings(spec, input.raw);
  } catch (error) {
    const chapters = spec.fields.find((f) => f.role === 'chapters')?.name;
    if (
      !(error instanceof SettingsError) ||
      spec.kind !== 'book' ||
      !chapters ||
      !error.issues.every((i) => i.field === chapters)
    )
      throw error;
    const saved = await ctx.repos.books.load({ userId: input.userId, key: spec.bookType });
    const own = saved?.state;
    if (!own?.isLocked || own.generatorId !== spec.id || Number(input.raw[chapters]) !== Number(own.settings[chapters]))
      throw error;
    return own.settings;
  }
}

/**
 * The user's saved books as the session's progress port. A step's save is its commit: in one transaction
 * its part (books and tools that save progress), the content history, usage and the generation's status.
 */
export function userProgress(
  repos: Repositories,
  input: { userId: string; spec: ResolvedSpec; charge: () => Charge | undefined; chapterTitle?: string },
): ProgressStore {
  const { userId, spec } = input;
  return {
    load: (key) => repos.books.load({ userId, key }),
    saveMemory: (key, save) => repos.books.saveMemory({ userId, key, ...save }),
    saveVoice: async (key, voice) => void (await repos.books.saveVoice({ userId, key, voice })),
    saveStep: async (key, save) => {
      const charge = input.charge();
      if (!charge) throw new Error('a step was saved before it was charged');
      // The AI test page checks the service: its answer is not content, so no history and no part count.
      const isContent = spec.kind !== 'test';
      // Given up while it ran (its charge refunded: a queue's sweep took the step for lost, with its lease, in an
      // outage longer than the lease): the part is not in the book, so the writer gets the failure the sweep answered,
      // not the
      // part for free (commitCharged).
      await commitCharged(repos.generations, {
        userId,
        charge,
        book: { key, save },
        ...(isContent
          ? {
              history: {
                title: stepHistoryTitle(spec, save, save.step.kind === 'chapter' ? input.chapterTitle : undefined),
                contentType: spec.contentType,
                content: historyContent(save),
                generatorId: spec.id,
              },
            }
          : {}),
        usage: {
          promptType: spec.contentType,
          isPart: isContent && save.step.kind !== 'outline',
          metadata: {
            generator: spec.id,
            step: save.stepKey,
            words: save.words,
            seconds: Number(save.seconds.toFixed(3)),
            generation: charge.generationId,
            ...(save.continuations ? { continuations: save.continuations, complete: save.isComplete } : {}),
            ...(save.usage ? { tokens: save.usage } : {}),
          },
        },
      });
    },
  };
}

/** The largest picture kept in the content history (PNG bytes); a larger one keeps its prompt, as before. */
export const MAX_HISTORY_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * A step's history content: its text, or an image step's picture as a data URL (opened and downloaded again from
 * Content History).
 */
/** What Content History keeps of an answer: a picture as its image (a data URL, when small enough), else the text. */
export function historyContent(save: { text: string; png?: Uint8Array }): string {
  return save.png && save.png.byteLength <= MAX_HISTORY_IMAGE_BYTES
    ? `data:image/png;base64,${Buffer.from(save.png).toString('base64')}`
    : save.text;
}

/** A step's notes for its answer, when it has any. */
const notesOf = (notes: readonly AnswerNote[]) =>
  notes.length ? { notes: notes.map((n) => ({ code: n.code, message: n.message })) } : {};

/** What the client gets when a step is done (JSON answer or the stream's `done` event). */
export function donePayload(input: {
  spec: ResolvedSpec;
  result: StepResult;
  book: BookView;
  charge: Charge;
  creditsAvailable: number;
}): DonePayload {
  const { spec, result, book } = input;
  const lang = result.state.lang;
  return {
    generation_id: input.charge.generationId,
    generator_id: spec.id,
    part: stepRef(result.step),
    label: result.label,
    content: result.text,
    words: result.words,
    is_complete: result.isComplete,
    ...(result.languageDrift
      ? {
          language_drift: {
            expected: result.languageDrift.expected,
            found: result.languageDrift.found,
            resolved: result.languageDrift.isResolved,
          },
        }
      : {}),
    ...notesOf(answerNotesOf(result, result.label, lang)),
    progress: book.progress,
    next: book.next,
    book: spec.kind === 'book' ? book : null,
    ...(result.step.kind === 'outline' ? { toast: outlineToast(spec, lang) } : {}),
    ...(result.png ? { image: `data:image/png;base64,${Buffer.from(result.png).toString('base64')}` } : {}),
    credits_charged: input.charge.credits,
    credits_available: input.creditsAvailable,
  };
}
