// The passage tools on a written part: a passage reworked by one call (POST …/passage), charged and refunded
// exactly as a step, and kept in place by POST …/passage/keep (free), the part's earlier text kept as a version.
import {
  checkPassagePlace,
  countWords,
  editPart,
  keepPassage,
  partStep,
  partProvenance,
  reworkPassage,
  stepKey,
} from '../../../engine/index.js';
import type { AppContext } from '../../core/context.js';
import { ApiError } from '../../errors/api-error.js';
import { chargedAnswer } from './charged-answer.js';
import type { ApiRoutes } from '../../http/routes.js';
import { budgeted, notesOf, type BookAccess } from './book-access.js';

/** The passage routes: a passage reworked, and the reworked one kept. */
export function addPassageRoutes(router: ApiRoutes, ctx: AppContext, book: BookAccess): void {
  addPassageRoute(router, ctx, book);
  addPassageKeepRoute(router, ctx, book);
}

/**
 * Passage tools: a passage of a written part reworked by one call (its plan, the bible and the words around it go
 * with it), charged and refunded exactly as a step; the part is unchanged until Keep (addPassageKeepRoute).
 */
function addPassageRoute(router: ApiRoutes, ctx: AppContext, book: BookAccess): void {
  const { catalog } = ctx;
  const { heldBook, proseAt, balance } = book;
  router.on('POST /progress/:bookType/passage', async (req, res) => {
    const body = req.input.body;
    await heldBook(req, async (held) => {
      const { userId, spec, state, lang } = held;
      const position = proseAt(spec, state, body.part, lang);
      const label = stepKey(partStep(spec, position, state.totalChapters));
      const request = {
        position,
        start: body.start,
        end: body.end,
        text: body.text,
        ...(body.hash ? { hash: body.hash } : {}),
        action: body.action,
        ...(body.note?.trim() ? { note: body.note } : {}),
        ...(body.tone ? { tone: body.tone } : {}),
      };
      // The place is checked before anything is charged: a part changed since the selection is refused (409),
      // not reworked elsewhere.
      checkPassagePlace(spec, state, request);
      // Streamed when asked: the passage's words, then done.
      await chargedAnswer(
        req,
        res,
        book,
        held,
        {
          step: `passage:${label}`,
          what: 'passage',
          reason: `${spec.id}: passage ${body.action} (${label})`,
        },
        async ({ signal, commitUsage }, reply) => {
          const done = await reworkPassage({
            spec,
            renderer: catalog.renderer,
            provider: budgeted(ctx),
            state,
            request,
            signal,
            ...reply.hooks,
          });
          await commitUsage({ words: done.words, ...(done.usage ? { tokens: done.usage } : {}) });
          reply.answer({
            passage: done.text,
            words: done.words,
            ...notesOf(spec, state, position, { ...done, isComplete: true }),
            credits_available: await balance(userId),
          });
        },
      );
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
      // The passage kept is the model's rewrite, counted by its words (the AI disclosure); the rest of the part
      // stays what it was.
      const edit = editPart(
        spec,
        state,
        body.part,
        keepPassage(
          spec,
          state,
          { position, start: body.start, end: body.end, text: body.text, ...(body.hash ? { hash: body.hash } : {}) },
          body.passage,
        ),
        { kind: 'passage', words: countWords(body.passage) },
      );
      // The new text and the old one as a version (with how it came to be), in one transaction.
      const kept = await repos.books.savePartEditKeeping({
        userId,
        key: bookType,
        position,
        text: edit.text,
        state: edit.state,
        previous: { text: previous, provenance: partProvenance(state, position) },
      });
      if (kept === null) throw ApiError.catalogue(404, 'part_not_found', lang);
      res.json({
        book: afterEdit({ userId, bookType, spec, state: edit.state, isMemoryReset: edit.isMemoryReset }),
        kept_version: kept,
      });
    });
  });
}
