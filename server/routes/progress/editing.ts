// Hand edits of the user's saved book, free (nothing is written): a written part (PUT …/part), the outline
// as chapters with the writer's notes (PUT …/outline), the introduction's character list (PUT …/characters),
// the story bible (PUT …/bible), and the bible's update tried again (POST …/bible/update: uncharged, but for an
// imported book's parts not paid for yet).
import {
  BookSession,
  bookView,
  checkPartSeen,
  editBible,
  editCharacterDetails,
  editOutline,
  editPart,
  withIntended,
  withTotalChapters,
  type BookSpec,
  type BookState,
  type Lang,
  type ResolvedSpec,
} from '../../../engine/index.js';
import type { Response } from 'express';
import type { BookVoice } from '../../../engine/index.js';
import { bookVoiceOf } from '../../core/voice.js';
import type { VoiceBody } from '../../../engine/contract/index.js';
import { takeGenerationToken, userProgress } from '../../core/generation.js';
import { failureOf } from '../../errors/reply.js';
import type { AppContext } from '../../core/context.js';
import { readPaidParts, withBibleLacking } from '../../core/bible-parts.js';
import { ApiError } from '../../errors/api-error.js';
import { modelAnswer, type ModelAnswer } from '../../http/model-answer.js';
import type { ApiRoutes } from '../../http/routes.js';
import type { BookAccess } from './book-access.js';

export function addEditingRoutes(router: ApiRoutes, ctx: AppContext, book: BookAccess): void {
  addTextEdits(router, ctx, book);
  addKeptEdits(router, ctx, book);
}

/** The book's text and its plan: a written part, the introduction's character list, the outline, the chapters. */
function addTextEdits(router: ApiRoutes, ctx: AppContext, book: BookAccess): void {
  const { repos } = ctx;
  const { heldBook, afterEdit } = book;
  // A written part replaced by the user's text, between steps: what later steps (and exports) read.
  router.on('PUT /progress/:bookType/part', async (req, res) => {
    const body = req.input.body;
    // Not while a step is written (its text would build on the old one); a memory update after a step
    // is waited for, so the edit marks the memory it has just written.
    await heldBook(req, async ({ userId, bookType, spec, state, lang }) => {
      const edit = editPart(spec, state, body.part, body.text);
      // The editor opened on the part as the book view gave it: a part changed since (another window, a
      // rewrite) is refused rather than overwritten unseen.
      checkPartSeen(spec, state, edit.position, body.hash);
      const saved = { userId, key: bookType, position: edit.savedAt, text: edit.text, state: edit.state };
      if (!(await repos.books.savePartEdit(saved))) {
        throw ApiError.catalogue(404, 'part_not_found', lang);
      }
      await repos.drafts.remove({ userId, key: bookType, position: edit.position });
      const { isMemoryReset } = edit;
      const after = afterEdit({ userId, bookType, spec, state: edit.state, isMemoryReset });
      res.json({ book: after, memory_reset: isMemoryReset });
    });
  });

  // The outline as chapters: the unwritten chapters' titles, plans and notes replaced, inserted,
  // moved or deleted; the written ones kept (a change to one is refused, naming it); the chapter count,
  // progress, plan and the conclusion's place follow. Free: nothing is written.
  router.on('PUT /progress/:bookType/outline', async (req, res) => {
    const body = req.input.body;
    await heldBook(req, async ({ userId, bookType, spec, state, lang }) => {
      const next = editOutline(spec, state, body.chapters);
      const saved = { userId, key: bookType, outline: next.outline!, state: next };
      if (!(await repos.books.saveOutlineEdit(saved))) throw ApiError.catalogue(404, 'part_not_found', lang);
      res.json({ book: bookView(spec, next) });
    });
  });

  // The introduction's character list, edited on its own: the introduction's prose stays exactly as it is
  // (its editor never holds the list), and later steps are told the new list. Free.
  router.on('PUT /progress/:bookType/characters', async (req, res) => {
    const body = req.input.body;
    await heldBook(req, async ({ userId, bookType, spec, state, lang }) => {
      const edit = editCharacterDetails(spec, state, body.text);
      const saved = { userId, key: bookType, position: 0, text: edit.text, state: edit.state };
      if (!(await repos.books.savePartEdit(saved))) throw ApiError.catalogue(404, 'part_not_found', lang);
      res.json({ book: bookView(spec, edit.state) });
    });
  });

  // An imported book given more chapters than it holds (the writer's own ending kept, chapters written after it):
  // its outline comes next, then the new chapters and its conclusion. Refused once it is outlined or whole. Free.
  router.on('PUT /progress/:bookType/chapters', async (req, res) => {
    const { chapters } = req.input.body;
    await heldBook(req, async ({ userId, bookType, spec, state, lang }) => {
      const next = withTotalChapters(spec as BookSpec, state, chapters, spec.title[lang] ?? spec.id);
      const saved = { userId, key: bookType, totalChapters: next.totalChapters, settings: next.settings };
      if (!(await repos.books.saveChapterCount(saved))) throw ApiError.catalogue(404, 'part_not_found', lang);
      res.json({ book: bookView(spec, next) });
    });
  });
}

/** What the book keeps beside its text: the story bible (and its update tried again), the findings, the voice. */
function addKeptEdits(router: ApiRoutes, ctx: AppContext, book: BookAccess): void {
  const { repos } = ctx;
  const { heldBook } = book;

  // The story bible edited by hand: read back into its sections and limits and kept as the book's memory.
  router.on('PUT /progress/:bookType/bible', async (req, res) => {
    const body = req.input.body;
    await heldBook(req, async ({ userId, bookType, spec, state, lang }) => {
      const edit = editBible(spec, state, body.text);
      await repos.books.saveMemory({ userId, key: bookType, memory: edit.memory, upTo: edit.upTo });
      res.json({ book: bookView(spec, edit.state) });
    });
  });

  // A continuity finding marked as intended (no longer listed, kept with the book) or listed again. Free.
  router.on('PUT /progress/:bookType/continuity/intended', async (req, res) => {
    const body = req.input.body;
    await heldBook(req, async ({ userId, bookType, spec, state, lang }) => {
      const keys = withIntended(state.intendedFindings, body.key, body.intended);
      const isSaved = await repos.books.saveIntendedFindings({ userId, key: bookType, keys });
      if (!isSaved) throw ApiError.catalogue(404, 'part_not_found', lang);
      res.json({ book: bookView(spec, { ...state, intendedFindings: keys }) });
    });
  });

  // The book's voice: a sample measured (its fingerprint and one or two paragraphs kept), removed, and the
  // writer's phrases to avoid. Free: nothing is written. A sample that cannot be measured is refused, naming
  // the limit, and nothing is saved.
  router.on('PUT /progress/:bookType/voice', async (req, res) => {
    const body = req.input.body;
    await heldBook(req, async ({ userId, bookType, spec, state, lang }) => {
      const voice = voiceOfBody(state, body);
      const isSaved = await repos.books.saveVoice({ userId, key: bookType, voice });
      if (!isSaved) throw ApiError.catalogue(404, 'part_not_found', lang);
      const { voice: _old, ...rest } = state;
      res.json({ book: bookView(spec, voice ? { ...rest, voice } : rest) });
    });
  });

  // The story bible's update tried again (updateBibleAgain), as JSON or, asked as events, answered before the
  // model.
  router.on('POST /progress/:bookType/bible/update', (req, res) => bibleUpdateAnswer(ctx, heldBook, req, res));
}

/**
 * POST …/bible/update answered: JSON, or asked as events a stream that says first what it waits for when the book's
 * lock is held (its bible's background catch-up reading a part), then the model's waits (http/model-answer.ts).
 */
async function bibleUpdateAnswer(
  ctx: AppContext,
  heldBook: BookAccess['heldBook'],
  req: Parameters<BookAccess['heldBook']>[0],
  res: Response,
): Promise<void> {
  let reply: ModelAnswer | undefined;
  const replyIn = (lang: Lang) => (reply ??= modelAnswer(req, res, lang));
  try {
    await heldBook(
      req,
      (held) => {
        const answer = replyIn(held.lang);
        return answer.run(() => updateBibleAgain(ctx, held, res, answer));
      },
      (reason, lang) => replyIn(lang).waitingFor(reason),
    );
  } catch (error) {
    // Refused after the wait was said (a step of the book began meanwhile: 409): the stream's `error` event.
    if (!reply) throw error;
    await reply.run(() => Promise.reject(error));
  }
}

/**
 * The story bible's update tried again: the parts it has not taken in (their update failed, did not fit the model's
 * window, or an edit marked them to be re-derived) are read again, as before the next step: part of the steps (and
 * edits) that marked them, so nothing is charged. Only for a book with such a part: nothing else is sent to the
 * model. The answer says what the bible gained and lost. An imported book's parts the credits held for its bible did
 * not pay for (they ran out, a part failed twice, the book was set aside) are read here too, each charged as a step
 * (402 when not even the first can be paid). Asked as events (Accept: text/event-stream), it answers before the
 * model does: waiting events from its first model call on (the model, its slowness, its server's rate limits), then
 * `done` with the same answer (http/model-answer.ts).
 */
/**
 * POST …/bible/update on the held book: the parts its bible lacks read again (those an import's hold pays for,
 * charged), and what that changed.
 */
async function updateBibleAgain(
  ctx: AppContext,
  held: { userId: string; bookType: string; spec: ResolvedSpec; state: BookState; lang: Lang },
  res: Response,
  reply: ModelAnswer,
): Promise<void> {
  const { repos, catalog } = ctx;
  const { userId, bookType, spec, state, lang } = held;
  const bookId = await repos.books.findBookId({ userId, key: bookType });
  const hold = bookId !== null ? await repos.bibleHolds.find(bookId) : undefined;
  const before = withBibleLacking(bookView(spec, state), { spec, state, hold });
  if (!before.parts.some((p) => p.bible_updated === false)) {
    return void reply.answer({ book: before, parts_read: 0, changes: { added: [], removed: [] } });
  }
  // Uncharged, yet it calls the model: it takes a token from the user's generation bucket, as generating does.
  await takeGenerationToken(ctx, { userId, lang, res });
  reply.open();
  const session = await BookSession.open({
    spec,
    renderer: catalog.renderer,
    provider: reply.through(ctx.provider),
    key: bookType,
    settings: state.settings,
    onFinished: 'keep',
    store: userProgress(repos, { userId, spec, charge: () => undefined }),
  });
  const timeout = AbortSignal.timeout(ctx.config.generationTimeoutMs);
  let calls = 0;
  let balance: number | undefined;
  if (hold && bookId !== null) {
    const read = await readPaidParts(ctx, { userId, spec, session, bookId, signal: timeout });
    if (read.end === 'credits' && !read.calls) throw ApiError.catalogue(402, 'insufficient_credits', lang);
    if (read.end === 'failed') throw failureOf(read.error, { lang, isTimeout: timeout.aborted });
    calls = read.calls;
    balance = (await repos.credits.balanceOf(userId)) ?? 0;
  } else {
    try {
      ({ calls } = await session.remember({ signal: timeout }));
    } catch (error) {
      throw failureOf(error, { lang, isTimeout: timeout.aborted });
    }
    const metadata = { generator: spec.id, step: 'memory', calls, after: 'update' };
    if (calls) await repos.generations.recordUsage({ userId, promptType: spec.contentType, metadata });
  }
  const holdAfter = bookId !== null ? await repos.bibleHolds.find(bookId) : undefined;
  const after = withBibleLacking(session.view(), { spec, state: session.state, hold: holdAfter });
  const changes = bibleChanges(before.bible_notes ?? '', after.bible_notes ?? '');
  const credits = balance !== undefined ? { credits_available: balance } : {};
  reply.answer({ book: after, parts_read: calls, changes, ...credits });
}

/** The bible's entries (its lines, headings aside) the update added and the ones it dropped. */
function bibleChanges(before: string, after: string): { added: string[]; removed: string[] } {
  const entries = (text: string) =>
    text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
  const old = new Set(entries(before));
  const now = new Set(entries(after));
  return { added: [...now].filter((l) => !old.has(l)), removed: [...old].filter((l) => !now.has(l)) };
}

/**
 * The voice a PUT …/voice body gives the book: a new sample measured, `null` removing it, the phrases to avoid
 * replaced (VoiceError when refused).
 */
function voiceOfBody(state: BookState, body: VoiceBody): BookVoice | undefined {
  return bookVoiceOf({
    lang: state.lang,
    ...(body.sample !== undefined ? { sample: body.sample } : {}),
    ...(body.avoid !== undefined ? { avoid: body.avoid } : {}),
    ...(state.voice ? { kept: state.voice } : {}),
  });
}
