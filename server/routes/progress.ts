// /api/progress/:bookType: the signed-in user's saved book of that type (the outline included, so a
// resumed book continues with it, and the book as the reader sees it; `{book: null}` when none is saved),
// a written part edited by hand (PUT …/part), the outline edited as chapters with the writer's notes (PUT …/outline), "write more" on a prose part (POST …/more, charged as a
// step), a part rewritten with a note or written again (POST …/rewrite, charged as a step) and its earlier
// versions (GET …/versions, POST …/versions/restore), Stop of the part being written (POST …/stop) and its
// draft kept, continued or rewritten (POST …/stopped; discarded as any draft, DELETE …/drafts/:position), the story bible edited by hand (PUT …/bible), and
// "Start New" (DELETE: the book is kept in My Books, no longer current). Other users' books are never
// seen: their owner is the session's user.
import type { Response } from 'express';
import { BookSession, bookView, catalogueMessage, editBible, editOutline, editPart, EditError, extendPart, keepPassage, nextStep, partStep, progress, reworkPassage, restoreBook, rewritePart, SessionError, stepKey, stepLabel, stepPosition, stepRef, updateBible, type BookState, type BookView, type Lang, type ResolvedSpec, type StepRef } from '../../engine/index.js';
import { BibleEditBodySchema, BookTypeParamsSchema, FinishStoppedBodySchema, OutlineEditBodySchema, PartEditBodySchema, PassageBodySchema, PassageKeepBodySchema, RestoreVersionBodySchema, RewriteBodySchema, StopBodySchema, VersionsQuerySchema, WriteMoreBodySchema, type SavedProgress } from '../../engine/contract/index.js';
import { failureOf, userProgress } from '../core/generation.js';
import type { Charge } from '../store/ports.js';
import type { AppContext } from '../core/context.js';
import { ApiError, errorBody, MESSAGES } from '../http/errors.js';
import { openEventStream, wantsEventStream, type EventStream } from '../http/sse.js';
import { parse } from '../http/validate.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import type { Reply } from '../http/contract.js';
import { bookLockKey, bookLocks, whileNoStep } from '../core/generation.js';
import { ApiRoutes } from '../http/routes.js';
import { addDraftRoutes } from './drafts.js';

export function progressRoutes(ctx: AppContext): ApiRoutes {
  const { repos, catalog } = ctx;
  const router = new ApiRoutes();
  const { writing, running } = bookLocks(ctx);
  router.use(requireUser(repos.auth));

  /** The book with the step being written now, if one is (a writer who comes back sees it). */
  const withRunning = (view: BookView, key: string): BookView => {
    const now = running.get(key);
    return now ? { ...view, running: { ...now.step, label: now.label, started_at: now.startedAt, text: now.text } } : view;
  };

  /** The book with the draft of its next step, kept when the writer stopped that step while it streamed. */
  const withStopped = async (view: BookView, book: { userId: string; bookType: string; spec: ResolvedSpec; state: BookState }): Promise<BookView> => {
    const step = nextStep(book.spec, book.state);
    if (!step || book.spec.kind !== 'book') return view;
    const draft = (await repos.drafts.list({ userId: book.userId, key: book.bookType })).find((d) => d.position === stepPosition(step));
    if (!draft) return view;
    return { ...view, stopped: { ...stepRef(step), label: stepLabel(step, book.state.lang, book.spec), text: draft.text, words: draft.text.split(/\s+/).filter(Boolean).length, updated_at: draft.updatedAt } };
  };

  router.get('/:bookType', async (req, res: Reply<'GET /progress/:bookType'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const saved = await repos.books.load({ userId: sessionOf(req).user.id, key: bookType });
    const id = saved ? await repos.books.findBookId({ userId: sessionOf(req).user.id, key: bookType }) : null;
    // Nothing saved is the ordinary state of a new book: an answer, not an error.
    if (!saved || id === null) {
      res.json({ book: null });
      return;
    }
    const { state } = saved;
    const userId = sessionOf(req).user.id;
    const spec = catalog.get(state.generatorId);
    const held = spec ? restoreBook(spec, state) : null;
    const body: SavedProgress = {
      id,
      book_type: saved.bookType,
      generator_id: state.generatorId,
      lang: state.lang,
      current_chapter: state.currentChapter,
      total_chapters: state.totalChapters,
      content: [...state.content],
      settings: state.settings,
      outline: state.outline ?? null,
      ...(spec ? { progress: progress(spec, state) } : {}),
      updated_at: saved.updatedAt,
      ...(spec && held ? { book: await withStopped(withRunning(bookView(spec, held), bookLockKey(userId, bookType)), { userId, bookType, spec, state: held }) } : {}),
    };
    res.json(body);
  });

  // A written part replaced by the user's text, between steps: what later steps (and exports) read.
  router.put('/:bookType/part', async (req, res: Reply<'PUT /progress/:bookType/part'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const body = parse(PartEditBodySchema, req.body);
    const userId = sessionOf(req).user.id;
    // Not while a step is written (its text would build on the old one); a memory update after a step
    // is waited for, so the edit marks the memory it has just written.
    await withBook(userId, bookType, async ({ spec, state, lang }) => {
      let edit;
      try {
        edit = editPart(spec, state, body.part, body.text);
      } catch (error) {
        if (!(error instanceof EditError)) throw error;
        const vars = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, String(v)]));
        const message = catalogueMessage(error.code, lang, vars);
        if (error.code === 'part_not_found') throw new ApiError(404, error.code, message);
        throw new ApiError(400, error.code, message, { text: message });
      }
      if (!(await repos.books.savePartEdit({ userId, key: bookType, position: edit.position, text: edit.text, state: edit.state }))) {
        throw ApiError.catalogue(404, 'part_not_found', lang);
      }
      await repos.drafts.remove({ userId, key: bookType, position: edit.position });
      res.json({ book: bookView(spec, edit.state), memory_reset: edit.isMemoryReset });
    });
  });

  /**
   * The user's saved book of a type, checked for an edit or a "write more": it exists, no step of it is
   * being written (in this process or by a worker), and it is read again inside the book's lock.
   */
  const withBook = async <T>(userId: string, bookType: string, run: (book: { spec: ResolvedSpec; state: BookState; lang: Lang }) => Promise<T>): Promise<T> => {
    const saved = await repos.books.load({ userId, key: bookType });
    const spec = saved ? catalog.get(saved.state.generatorId) : undefined;
    const held = saved && spec ? restoreBook(spec, saved.state) : null;
    if (!saved || !spec || !held) throw ApiError.of(404, 'progress_not_found');
    const lang = held.lang;
    return whileNoStep(ctx, { userId, bookType, generatorIds: [spec.id], lang }, async () => {
      const current = await repos.books.load({ userId, key: bookType });
      const state = current ? restoreBook(spec, current.state) : null;
      if (!state) throw ApiError.of(404, 'progress_not_found');
      return run({ spec, state, lang });
    });
  };

  const editFailure = (error: unknown, lang: Lang): never => {
    if (!(error instanceof EditError)) throw error;
    const vars = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, String(v)]));
    const message = catalogueMessage(error.code, lang, vars);
    if (error.code === 'part_not_found') throw new ApiError(404, error.code, message);
    throw new ApiError(400, error.code, message, { text: message });
  };

  /** The position of a written prose part of the book, or 404 part_not_found. */
  const proseAt = (spec: ResolvedSpec, state: BookState, part: StepRef, lang: Lang): number => {
    const position = part.kind === 'outline' ? -1 : stepPosition(part);
    const isProse = part.kind === 'introduction' || part.kind === 'chapter' || part.kind === 'conclusion';
    if (!isProse || position < 0 || position >= state.content.length || stepKey(partStep(spec, position, state.totalChapters)) !== stepKey(part)) {
      throw ApiError.catalogue(404, 'part_not_found', lang);
    }
    return position;
  };

  const balance = async (userId: string) => (await repos.credits.balanceOf(userId)) ?? 0;

  /**
   * One charged call on the user's book, inside withBook (write more, rewrite, a stopped part continued or
   * rewritten or kept): the cost taken first (402 without it), the book marked as being written, the call
   * aborted when the client goes away or the time-out passes. `run` saves its result, commits (with
   * `commitUsage`, or through the book session's commit) and answers; anything it throws refunds the charge
   * (an edit error becomes its 400/404, a provider failure its catalogue error).
   */
  const charged = async (
    res: Response,
    input: { userId: string; bookType: string; spec: ResolvedSpec; lang: Lang; step: string; what: string; reason: string; cost?: number },
    run: (call: { signal: AbortSignal; charge: Charge; commitUsage: (metadata: { words: number; tokens?: unknown }) => Promise<void> }) => Promise<void>,
  ): Promise<void> => {
    const { userId, spec, lang, step, what } = input;
    const charge = await repos.generations.start({ userId, generatorId: spec.id, step, cost: input.cost ?? spec.cost, reason: input.reason });
    if (!charge) throw ApiError.catalogue(402, 'insufficient_credits', lang);
    const timeout = AbortSignal.timeout(ctx.config.generationTimeoutMs);
    const client = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) client.abort();
    });
    const writingKey = bookLockKey(userId, input.bookType);
    writing.add(writingKey);
    const commitUsage = (metadata: { words: number; tokens?: unknown }) =>
      repos.generations.commit({ userId, charge, usage: { promptType: spec.contentType, isPart: false, metadata: { generator: spec.id, step, ...metadata, generation: charge.generationId } } });
    try {
      await run({ signal: AbortSignal.any([client.signal, timeout]), charge, commitUsage });
    } catch (error) {
      const isClientGone = client.signal.aborted;
      if (error instanceof ApiError || error instanceof EditError || error instanceof SessionError) {
        await repos.generations.refund({ userId, charge, reason: `Refund: ${spec.id} ${what} (${error.code})`, errorCode: error.code });
        if (error instanceof SessionError) throw new ApiError(409, 'step_not_allowed', MESSAGES.step_not_allowed);
        return error instanceof ApiError ? Promise.reject(error) : editFailure(error, lang);
      }
      const failure = failureOf(error, { lang, isTimeout: timeout.aborted && !isClientGone });
      await repos.generations.refund({ userId, charge, reason: `Refund: ${spec.id} ${what} (${isClientGone ? 'client went away' : failure.code})`, errorCode: isClientGone ? 'client_gone' : failure.code });
      throw failure;
    } finally {
      writing.delete(writingKey);
    }
  };

  // "Write more" on a written prose part (the studio offers it on a part marked short): one request from
  // where the part ends, with its plan, charged and refunded exactly as a step; the longer text is saved as
  // a hand edit is (the story bible is rebuilt if it had read the part).
  router.post('/:bookType/more', async (req, res: Reply<'POST /progress/:bookType/more'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const body = parse(WriteMoreBodySchema, req.body);
    const userId = sessionOf(req).user.id;
    await withBook(userId, bookType, async ({ spec, state, lang }) => {
      const position = proseAt(spec, state, body.part, lang);
      const label = stepKey(partStep(spec, position, state.totalChapters));
      await charged(res, { userId, bookType, spec, lang, step: `more:${label}`, what: 'write more', reason: `${spec.id}: write more (${label})` }, async ({ signal, commitUsage }) => {
        const more = await extendPart({ spec, renderer: catalog.renderer, provider: ctx.provider, state, position, signal });
        const edit = editPart(spec, state, body.part, more.text);
        if (!(await repos.books.savePartEdit({ userId, key: bookType, position, text: edit.text, state: edit.state }))) throw ApiError.catalogue(404, 'part_not_found', lang);
        await commitUsage({ words: more.words, ...(more.usage ? { tokens: more.usage } : {}) });
        res.json({ book: bookView(spec, edit.state), words: more.words, added: more.added.split(/\s+/).filter(Boolean).length, credits_available: await balance(userId) });
      });
    });
  });

  // "Rewrite" (with the writer's note) and "write again" (without) on a written part: the part's
  // own request with its current text and the note, charged and refunded exactly as a step; the text it
  // replaces is kept as a version (restorable), the new one saved as the part, and the story bible, if it
  // had read the part, brought up to date (one update call, part of the rewrite).
  router.post('/:bookType/rewrite', async (req, res: Reply<'POST /progress/:bookType/rewrite'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const body = parse(RewriteBodySchema, req.body);
    const userId = sessionOf(req).user.id;
    await withBook(userId, bookType, async ({ spec, state, lang }) => {
      const position = proseAt(spec, state, body.part, lang);
      const label = stepKey(partStep(spec, position, state.totalChapters));
      const note = body.note?.trim() ?? '';
      const step = `rewrite:${label}`;
      await charged(res, { userId, bookType, spec, lang, step, what: 'rewrite', reason: `${spec.id}: ${note ? 'rewrite' : 'write again'} (${label})` }, async ({ signal, commitUsage }) => {
        const done = await rewritePart({ spec, renderer: catalog.renderer, provider: ctx.provider, state, position, signal, ...(note ? { note } : {}) });
        const kept = await repos.versions.keep({ userId, key: bookType, position, text: done.previous, ...(note ? { note } : {}) });
        if (kept === null) throw ApiError.catalogue(404, 'part_not_found', lang);
        let next = done.state;
        if (!(await repos.books.savePartEdit({ userId, key: bookType, position, text: done.text, state: next }))) throw ApiError.catalogue(404, 'part_not_found', lang);
        if ((next.memoryUpTo ?? -1) >= position) {
          // The bible follows the new text; a failed update leaves it as it was (the part is saved).
          const updated = await updateBible({ spec, renderer: catalog.renderer, provider: ctx.provider, state: next, position, signal }).catch(() => null);
          if (updated) {
            await repos.books.saveMemory({ userId, key: bookType, memory: updated.memory, upTo: next.memoryUpTo! });
            next = { ...next, memory: updated.memory };
          }
        }
        await commitUsage({ words: done.outcome.words, ...(done.outcome.usage ? { tokens: done.outcome.usage } : {}) });
        res.json({ book: bookView(spec, next), words: done.outcome.words, kept_version: kept, credits_available: await balance(userId) });
      });
    });
  });

  // Passage tools: a passage of a written part reworked by one call (its plan, the bible and the
  // words around it go with it), charged and refunded exactly as a step; the part is unchanged until Keep,
  // which puts the answer in place of the passage and keeps the part's earlier text as a version.
  router.post('/:bookType/passage', async (req, res: Reply<'POST /progress/:bookType/passage'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const body = parse(PassageBodySchema, req.body);
    const userId = sessionOf(req).user.id;
    await withBook(userId, bookType, async ({ spec, state, lang }) => {
      const position = proseAt(spec, state, body.part, lang);
      const label = stepKey(partStep(spec, position, state.totalChapters));
      const request = { position, start: body.start, end: body.end, text: body.text, action: body.action, ...(body.note?.trim() ? { note: body.note } : {}), ...(body.tone ? { tone: body.tone } : {}) };
      // Streamed when asked (Accept: text/event-stream): the stream opens with the first words, so a refusal
      // before them is an ordinary error answer; one after them is the `error` event (refunded either way).
      let stream: EventStream | null = null;
      const onDelta = wantsEventStream(req.get('accept')) ? (text: string) => {
        stream ??= openEventStream(res);
        stream.send('delta', { text });
      } : undefined;
      try {
        await charged(res, { userId, bookType, spec, lang, step: `passage:${label}`, what: 'passage', reason: `${spec.id}: passage ${body.action} (${label})` }, async ({ signal, commitUsage }) => {
          const done = await reworkPassage({ spec, renderer: catalog.renderer, provider: ctx.provider, state, request, signal, ...(onDelta ? { onDelta } : {}) });
          await commitUsage({ words: done.words, ...(done.usage ? { tokens: done.usage } : {}) });
          const answer = { passage: done.text, words: done.words, credits_available: await balance(userId) };
          if (stream) {
            stream.send('done', answer);
            stream.close();
          } else res.json(answer);
        });
      } catch (error) {
        const open = stream as EventStream | null;
        if (!open) throw error;
        open.send('error', errorBody(error instanceof ApiError ? error : failureOf(error, { lang, isTimeout: false })).error);
        open.close();
      }
    });
  });
  router.post('/:bookType/passage/keep', async (req, res: Reply<'POST /progress/:bookType/passage/keep'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const body = parse(PassageKeepBodySchema, req.body);
    const userId = sessionOf(req).user.id;
    await withBook(userId, bookType, async ({ spec, state, lang }) => {
      const position = proseAt(spec, state, body.part, lang);
      try {
        const previous = state.content[position]!;
        const edit = editPart(spec, state, body.part, keepPassage(spec, state, { position, start: body.start, end: body.end, text: body.text }, body.passage));
        const kept = await repos.versions.keep({ userId, key: bookType, position, text: previous });
        if (kept === null || !(await repos.books.savePartEdit({ userId, key: bookType, position, text: edit.text, state: edit.state }))) throw ApiError.catalogue(404, 'part_not_found', lang);
        res.json({ book: bookView(spec, edit.state), kept_version: kept });
      } catch (error) {
        editFailure(error, lang);
      }
    });
  });

  // Stop: the step of the user's book being written now is aborted; the text that reached the
  // writer is kept as the step's draft and paid for (nothing reached them: refunded, nothing kept). The
  // answer waits for that and gives the book with its stopped part. Only the writer's own step: the lock
  // key is theirs. With Postgres a step on another process's worker is stopped there (server/queue/stop.ts).
  router.post('/:bookType/stop', async (req, res: Reply<'POST /progress/:bookType/stop'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    parse(StopBodySchema, req.body);
    const userId = sessionOf(req).user.id;
    const stop = running.get(bookLockKey(userId, bookType))?.stop;
    const load = async () => {
      const saved = await repos.books.load({ userId, key: bookType });
      const spec = saved ? catalog.get(saved.state.generatorId) : undefined;
      const state = saved && spec ? restoreBook(spec, saved.state) : null;
      return spec && state ? { spec, state } : null;
    };
    // With Postgres the step may run on another process's worker: asked there when one is running.
    const elsewhere = async () => {
      const book = stop || !ctx.steps?.stop ? null : await load();
      if (!book || !(await repos.generations.isRunning({ userId, generatorId: book.spec.id }))) return null;
      return ctx.steps!.stop!({ userId, bookType });
    };
    const outcome = stop ? await stop() : await elsewhere();
    if (!outcome) throw ApiError.catalogue(409, 'no_step_running', (await load())?.state.lang ?? 'en');
    const { charged: credits } = outcome;
    const book = await load();
    const view = book ? await withStopped(bookView(book.spec, book.state), { userId, bookType, ...book }) : null;
    if (!view) throw ApiError.of(404, 'progress_not_found');
    res.json({ book: view, stopped: view.stopped ?? null, credits_charged: credits, credits_available: await balance(userId) });
  });

  // A stopped part finished as the book's next step: kept as it is (free), continued from where it stops
  // ("write more"'s request) or rewritten with the writer's note (the rewrite's request, the draft as the
  // current text), each charged as a step and refunded when it fails; saved as a step is (history, usage,
  // the part count), the draft dropped, and the story bible brought up to date.
  router.post('/:bookType/stopped', async (req, res: Reply<'POST /progress/:bookType/stopped'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const body = parse(FinishStoppedBodySchema, req.body);
    const userId = sessionOf(req).user.id;
    await withBook(userId, bookType, async ({ spec, state, lang }) => {
      const step = nextStep(spec, state);
      if (!step || stepKey(step) !== stepKey(body.part)) throw new ApiError(409, 'step_not_allowed', MESSAGES.step_not_allowed);
      const position = stepPosition(step);
      const draft = (await repos.drafts.list({ userId, key: bookType })).find((d) => d.position === position);
      if (!draft) throw ApiError.catalogue(404, 'no_stopped_draft', lang);
      const note = body.note?.trim() ?? '';
      const label = stepKey(step);
      const input = { userId, bookType, spec, lang, step: `${body.action}:${label}`, what: `stopped ${body.action}`, reason: `${spec.id}: stopped part, ${body.action} (${label})`, ...(body.action === 'keep' ? { cost: 0 } : {}) };
      await charged(res, input, async ({ signal, charge }) => {
        const session = await BookSession.open({ spec, renderer: catalog.renderer, provider: ctx.provider, key: bookType, settings: state.settings, onFinished: 'keep', store: userProgress(repos, { userId, spec, charge: () => charge }) });
        const result = await session.finishDraft(draft.text, { how: body.action, expected: step, signal, ...(note ? { note } : {}) });
        await repos.drafts.remove({ userId, key: bookType, position });
        // Part of the step, as after any step; a failure is tried again before the next one.
        await session.remember({ signal }).catch(() => undefined);
        res.json({ book: session.view(), words: result.words, credits_available: await balance(userId) });
      });
    });
  });

  // A part's earlier texts, newest first (kept by rewrites and restores).
  router.get('/:bookType/versions', async (req, res: Reply<'GET /progress/:bookType/versions'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const { position } = parse(VersionsQuerySchema, req.query);
    const userId = sessionOf(req).user.id;
    if (!(await repos.books.load({ userId, key: bookType }))) throw ApiError.of(404, 'progress_not_found');
    const versions = await repos.versions.list({ userId, key: bookType, position });
    res.json({
      position,
      versions: versions.map((v) => ({ version: v.version, note: v.note, words: v.text.split(/\s+/).filter(Boolean).length, text: v.text, created_at: v.createdAt })),
    });
  });

  // An earlier text back as the part (free: nothing is written); the text it replaces is kept as a version,
  // so a restore can itself be undone. The bible is rebuilt before the next step if it had read the part.
  router.post('/:bookType/versions/restore', async (req, res: Reply<'POST /progress/:bookType/versions/restore'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const body = parse(RestoreVersionBodySchema, req.body);
    const userId = sessionOf(req).user.id;
    await withBook(userId, bookType, async ({ spec, state, lang }) => {
      const position = proseAt(spec, state, body.part, lang);
      const version = await repos.versions.find({ userId, key: bookType, position, version: body.version });
      if (!version) throw ApiError.catalogue(404, 'version_not_found', lang);
      let edit;
      try {
        edit = editPart(spec, state, body.part, version.text);
      } catch (error) {
        return editFailure(error, lang);
      }
      // The bible stays as it is (a restore writes nothing; the writer can edit the bible by hand).
      const restored: BookState = { ...edit.state, ...(state.memory !== undefined ? { memory: state.memory } : {}), ...(state.memoryUpTo !== undefined ? { memoryUpTo: state.memoryUpTo } : {}) };
      const kept = await repos.versions.keep({ userId, key: bookType, position, text: state.content[position]! });
      if (kept === null || !(await repos.books.savePartEdit({ userId, key: bookType, position, text: edit.text, state: restored }))) {
        throw ApiError.catalogue(404, 'part_not_found', lang);
      }
      res.json({ book: bookView(spec, restored), kept_version: kept });
    });
  });

  // The outline as chapters: the unwritten chapters' titles, plans and notes replaced, inserted,
  // moved or deleted; the written ones kept (a change to one is refused, naming it); the chapter count,
  // progress, plan and the conclusion's place follow. Free: nothing is written.
  router.put('/:bookType/outline', async (req, res: Reply<'PUT /progress/:bookType/outline'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const body = parse(OutlineEditBodySchema, req.body);
    const userId = sessionOf(req).user.id;
    await withBook(userId, bookType, async ({ spec, state, lang }) => {
      let next: BookState;
      try {
        next = editOutline(spec, state, body.chapters);
      } catch (error) {
        if (error instanceof EditError && (error.code === 'chapter_written' || error.code === 'book_finished')) {
          const message = catalogueMessage(error.code, lang, Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, String(v)])));
          throw new ApiError(409, error.code, message);
        }
        return editFailure(error, lang);
      }
      if (!(await repos.books.saveOutlineEdit({ userId, key: bookType, outline: next.outline!, state: next }))) throw ApiError.catalogue(404, 'part_not_found', lang);
      res.json({ book: bookView(spec, next) });
    });
  });

  // The story bible edited by hand: read back into its sections and limits and kept as the book's memory.
  router.put('/:bookType/bible', async (req, res: Reply<'PUT /progress/:bookType/bible'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const body = parse(BibleEditBodySchema, req.body);
    const userId = sessionOf(req).user.id;
    await withBook(userId, bookType, async ({ spec, state, lang }) => {
      let edit;
      try {
        edit = editBible(spec, state, body.text);
      } catch (error) {
        return editFailure(error, lang);
      }
      await repos.books.saveMemory({ userId, key: bookType, memory: edit.memory, upTo: edit.upTo });
      res.json({ book: bookView(spec, edit.state) });
    });
  });

  // The story bible's update tried again: the parts it has not taken in (their update failed or
  // did not fit the model's window) are read again, as before the next step: part of the steps that wrote
  // them, so nothing is charged. Only for a book with such a part: nothing else is sent to the model.
  router.post('/:bookType/bible/update', async (req, res: Reply<'POST /progress/:bookType/bible/update'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const userId = sessionOf(req).user.id;
    await withBook(userId, bookType, async ({ spec, state, lang }) => {
      if (!bookView(spec, state).parts.some((p) => p.bible_updated === false)) return res.json({ book: bookView(spec, state) });
      // Uncharged, yet it calls the model: it takes a token from the user's generation bucket, as generating does.
      const take = await ctx.repos.limits.take({ key: `generate:${userId}`, capacity: ctx.config.generationRate.burst, refillMs: ctx.config.generationRate.refillMs });
      if (!take.isAllowed) {
        res.set('Retry-After', String(Math.max(1, Math.ceil(take.retryAfterMs / 1000))));
        throw ApiError.catalogue(429, 'rate_limited', lang);
      }
      const session = await BookSession.open({ spec, renderer: catalog.renderer, provider: ctx.provider, key: bookType, settings: state.settings, onFinished: 'keep', store: userProgress(repos, { userId, spec, charge: () => undefined }) });
      const timeout = AbortSignal.timeout(ctx.config.generationTimeoutMs);
      try {
        await session.remember({ signal: timeout });
      } catch (error) {
        throw failureOf(error, { lang, isTimeout: timeout.aborted });
      }
      res.json({ book: session.view() });
    });
  });

  // "Start New": a book is kept in My Books (same id, no longer current); a single tool's saved output,
  // which is no book and never listed, is deleted. Refused (409 step_running) while a step of it is being
  // written (in this process or by a worker): the step would land in the book just set aside.
  router.delete('/:bookType', async (req, res: Reply<'DELETE /progress/:bookType'>) => {
    const { bookType } = parse(BookTypeParamsSchema, req.params);
    const userId = sessionOf(req).user.id;
    const saved = await repos.books.load({ userId, key: bookType });
    const spec = saved ? catalog.get(saved.state.generatorId) : undefined;
    await whileNoStep(ctx, { userId, bookType, generatorIds: spec ? [spec.id] : [], lang: saved?.state.lang ?? 'en' }, async () => {
      const id = spec && spec.kind !== 'book' ? await repos.books.findBookId({ userId, key: bookType }) : null;
      if (!(id !== null ? await repos.books.removeById({ userId, id }) : await repos.books.remove({ userId, key: bookType }))) throw ApiError.of(404, 'progress_not_found');
    });
    res.json({ message: MESSAGES.progress_cleared });
  });

  addDraftRoutes(router, ctx);
  return router;
}
