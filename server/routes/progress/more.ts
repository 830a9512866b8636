// Charged calls on a written part, each charged and refunded exactly as a step: "write more" (POST …/more),
// a rewrite with a note or written again (POST …/rewrite), and the passage tools (POST …/passage, kept in
// place by POST …/passage/keep).
import { CallBudget, withBudget, answerNotesOf, bookView, checkPartSeen, checkPassagePlace, countWords, editPart, extendPart, keepPassage, partStep, progress, reworkPassage, partProvenance, rewritePart, stepKey, stepLabel, updateBible } from '../../../engine/index.js';
import type { AnswerNotes, ResolvedSpec } from '../../../engine/index.js';
import { towardVoiceNote, type BookState } from '../../../engine/index.js';
import type { AppContext } from '../../core/context.js';
import { ApiError } from '../../errors/api-error.js';
import { modelAnswer } from '../../http/model-answer.js';
import type { ApiRoutes } from '../../http/routes.js';
import type { BookAccess } from './book-access.js';

/** The provider of one request's model work within its own budget of calls (engine/budget.ts): one call planned. */
const budgeted = (ctx: AppContext) => withBudget(ctx.provider, new CallBudget({ planned: 1 }));

export function addMoreRoutes(router: ApiRoutes, ctx: AppContext, book: BookAccess): void {
  const { repos, catalog } = ctx;
  const { heldBook, proseAt, balance, charged, afterEdit } = book;
  // "Write more" on a written prose part (the studio offers it on a part marked short): one request from
  // where the part ends, with its plan, charged and refunded exactly as a step; the longer text is saved as
  // a hand edit is (the story bible, if it had read the part, is re-derived from it on: bible-catch-up.ts).
  router.on('POST /progress/:bookType/more', async (req, res) => {
    const body = req.input.body;
    await heldBook(req, async ({ userId, bookType, spec, state, lang }) => {
      const position = proseAt(spec, state, body.part, lang);
      // The place the writer acted on is checked before any charge (409 when the part changed since).
      checkPartSeen(spec, state, position, body.hash);
      const label = stepKey(partStep(spec, position, state.totalChapters));
      // Streamed when asked (http/model-answer.ts): waiting events from the charge on, the added words, then done.
      const reply = modelAnswer(req, res, lang);
      await reply.run(() => charged(res, { userId, bookType, spec, lang, step: `more:${label}`, what: 'write more', reason: `${spec.id}: write more (${label})` }, async ({ signal, commitUsage }) => {
        reply.open();
        const more = await extendPart({ spec, renderer: catalog.renderer, provider: budgeted(ctx), state, position, signal, ...reply.hooks });
        // A model that wrote the part again from its start replaced the writer's text: that text is kept as a version.
        const restarted = more.restarted ? await repos.versions.keep({ userId, key: bookType, position, text: state.content[position]!, provenance: partProvenance(state, position) }) : null;
        // The model wrote the added words: on a part the writer brought they are counted as its (the AI disclosure).
        const edit = editPart(spec, state, body.part, more.text, { kind: 'more', words: countWords(more.added) });
        if (!(await repos.books.savePartEdit({ userId, key: bookType, position, text: edit.text, state: edit.state }))) throw ApiError.catalogue(404, 'part_not_found', lang);
        await commitUsage({ words: more.words, ...(more.usage ? { tokens: more.usage } : {}) });
        reply.answer({ book: afterEdit({ userId, bookType, spec, state: edit.state, isMemoryReset: edit.isMemoryReset }), words: more.words, added: countWords(more.added), ...(restarted !== null ? { restarted_version: restarted } : {}), ...notesOf(spec, state, position, { answerNotes: more.answerNotes }), credits_available: await balance(userId) });
      }));
    });
  });

  // "Rewrite" (with the writer's note) and "write again" (without) on a written part: the part's
  // own request with its current text and the note, charged and refunded exactly as a step; the text it
  // replaces is kept as a version (restorable), the new one saved as the part, and the story bible, if it
  // had read the part, brought up to date (one update call, part of the rewrite).
  router.on('POST /progress/:bookType/rewrite', async (req, res) => {
    const body = req.input.body;
    await heldBook(req, async ({ userId, bookType, spec, state, lang }) => {
      const position = proseAt(spec, state, body.part, lang);
      // The place the writer acted on is checked before any charge (409 when the part changed since).
      checkPartSeen(spec, state, position, body.hash);
      const label = stepKey(partStep(spec, position, state.totalChapters));
      // "Rewrite toward my voice": the writer's note (if any) after what drifted, with the voice guidance every prose
      // step
      // gets.
      const note = body.toward_voice ? towardVoiceNote(state, position, body.note) : body.note?.trim() ?? '';
      const step = `rewrite:${label}`;
      // Streamed when asked (http/model-answer.ts): waiting events from the charge on, the new text's words, then done.
      const reply = modelAnswer(req, res, lang);
      await reply.run(() => charged(res, { userId, bookType, spec, lang, step, what: 'rewrite', reason: `${spec.id}: ${note ? 'rewrite' : 'write again'} (${label})` }, async ({ signal, commitUsage }) => {
        reply.open();
        const done = await rewritePart({ spec, renderer: catalog.renderer, provider: budgeted(ctx), state, position, signal, ...(note ? { note } : {}), ...reply.hooks });
        // The text replaced is kept with how it came to be: restored, it is that again.
        const kept = await repos.versions.keep({ userId, key: bookType, position, text: done.previous, provenance: partProvenance(state, position), ...(note ? { note } : {}) });
        if (kept === null) throw ApiError.catalogue(404, 'part_not_found', lang);
        let next = done.state;
        if (!(await repos.books.savePartEdit({ userId, key: bookType, position, text: done.text, state: next }))) throw ApiError.catalogue(404, 'part_not_found', lang);
        if ((next.memoryUpTo ?? -1) >= position) {
          // The bible follows the new text; a failed update leaves it as it was (the part is saved).
          const updated = await updateBible({ spec, renderer: catalog.renderer, provider: budgeted(ctx), state: next, position, isRewrite: true, signal }).catch(() => null);
          if (updated) {
            await repos.books.saveMemory({ userId, key: bookType, memory: updated.memory, upTo: next.memoryUpTo! });
            next = { ...next, memory: updated.memory };
          }
        }
        await commitUsage({ words: done.outcome.words, ...(done.outcome.usage ? { tokens: done.outcome.usage } : {}) });
        reply.answer({ book: bookView(spec, next), words: done.outcome.words, kept_version: kept, ...notesOf(spec, state, position, done.outcome), credits_available: await balance(userId) });
      }));
    });
  });

  addPassageRoute(router, ctx, book);
  addPassageKeepRoute(router, ctx, book);
}

/**
 * Passage tools: a passage of a written part reworked by one call (its plan, the bible and the words around it go
 * with it), charged and refunded exactly as a step; the part is unchanged until Keep (addPassageKeepRoute).
 */
function addPassageRoute(router: ApiRoutes, ctx: AppContext, book: BookAccess): void {
  const { catalog } = ctx;
  const { heldBook, proseAt, balance, charged } = book;
  router.on('POST /progress/:bookType/passage', async (req, res) => {
    const body = req.input.body;
    await heldBook(req, async ({ userId, bookType, spec, state, lang }) => {
      const position = proseAt(spec, state, body.part, lang);
      const label = stepKey(partStep(spec, position, state.totalChapters));
      const request = { position, start: body.start, end: body.end, text: body.text, ...(body.hash ? { hash: body.hash } : {}), action: body.action, ...(body.note?.trim() ? { note: body.note } : {}), ...(body.tone ? { tone: body.tone } : {}) };
      // The place is checked before anything is charged: a part changed since the selection is refused (409), not
      // reworked
      // elsewhere.
      checkPassagePlace(spec, state, request);
      // Streamed when asked (http/model-answer.ts): waiting events from the charge on, the passage's words, then done.
      const reply = modelAnswer(req, res, lang);
      await reply.run(() => charged(res, { userId, bookType, spec, lang, step: `passage:${label}`, what: 'passage', reason: `${spec.id}: passage ${body.action} (${label})` }, async ({ signal, commitUsage }) => {
        reply.open();
        const done = await reworkPassage({ spec, renderer: catalog.renderer, provider: budgeted(ctx), state, request, signal, ...reply.hooks });
        await commitUsage({ words: done.words, ...(done.usage ? { tokens: done.usage } : {}) });
        reply.answer({ passage: done.text, words: done.words, ...notesOf(spec, state, position, { ...done, isComplete: true }), credits_available: await balance(userId) });
      }));
    });
  });
}

/**
 * Keep: the reworked passage put in place of the one the writer chose (free), the part's earlier text kept as a
 * version.
 */
function addPassageKeepRoute(router: ApiRoutes, ctx: AppContext, book: BookAccess): void {
  const { repos } = ctx;
  const { heldBook, proseAt, afterEdit } = book;
  router.on('POST /progress/:bookType/passage/keep', async (req, res) => {
    const body = req.input.body;
    await heldBook(req, async ({ userId, bookType, spec, state, lang }) => {
      const position = proseAt(spec, state, body.part, lang);
      const previous = state.content[position]!;
      // The passage kept is the model's rewrite, counted by its words (the AI disclosure); the rest of the part stays
      // what it
      // was.
      const edit = editPart(spec, state, body.part, keepPassage(spec, state, { position, start: body.start, end: body.end, text: body.text, ...(body.hash ? { hash: body.hash } : {}) }, body.passage), { kind: 'passage', words: countWords(body.passage) });
      // The new text and the old one as a version (with how it came to be), in one transaction.
      const kept = await repos.books.savePartEditKeeping({ userId, key: bookType, position, text: edit.text, state: edit.state, previous: { text: previous, provenance: partProvenance(state, position) } });
      if (kept === null) throw ApiError.catalogue(404, 'part_not_found', lang);
      res.json({ book: afterEdit({ userId, bookType, spec, state: edit.state, isMemoryReset: edit.isMemoryReset }), kept_version: kept });
    });
  });
}

/**
 * What was done to the answers of a call on the part at `position` (engine/session/answers/notes.ts), in the book's
 * language, when anything was.
 */
function notesOf(spec: ResolvedSpec, state: BookState, position: number, outcome: { answerNotes?: AnswerNotes | undefined; isTimedOut?: true | undefined; continuations?: number; isComplete?: boolean }) {
  const label = stepLabel(partStep(spec, position, state.totalChapters), state.lang, spec);
  const notes = answerNotesOf({ continuations: 0, isComplete: true, ...outcome }, label, state.lang);
  return notes.length ? { notes: notes.map((n) => ({ code: n.code, message: n.message })) } : {};
}
