// Charged calls on a written part, each charged and refunded exactly as a step: "write more" (POST …/more) and
// a rewrite with a note or written again (POST …/rewrite). The passage tools are ./passage.ts.
import {
  bookView,
  checkPartSeen,
  countWords,
  editPart,
  extendPart,
  partStep,
  partProvenance,
  rewritePart,
  stepKey,
  towardVoiceNote,
  updateBible,
} from '../../../engine/index.js';
import type { AppContext } from '../../core/context.js';
import { ApiError } from '../../errors/api-error.js';
import { chargedAnswer } from './charged-answer.js';
import type { ApiRoutes } from '../../http/routes.js';
import { budgeted, notesOf, type BookAccess } from './book-access.js';

export function addMoreRoutes(router: ApiRoutes, ctx: AppContext, book: BookAccess): void {
  const { repos, catalog } = ctx;
  const { heldBook, proseAt, balance, afterEdit } = book;
  // "Write more" on a written prose part (the studio offers it on a part marked short): one request from
  // where the part ends, with its plan, charged and refunded exactly as a step; the longer text is saved as
  // a hand edit is (the story bible, if it had read the part, is re-derived from it on: bible-catch-up.ts).
  router.on('POST /progress/:bookType/more', async (req, res) => {
    const body = req.input.body;
    await heldBook(req, async (held) => {
      const { userId, bookType, spec, state, lang } = held;
      const position = proseAt(spec, state, body.part, lang);
      // The place the writer acted on is checked before any charge (409 when the part changed since).
      checkPartSeen(spec, state, position, body.hash);
      const label = stepKey(partStep(spec, position, state.totalChapters));
      // Streamed when asked: the added words, then done.
      await chargedAnswer(
        req,
        res,
        book,
        held,
        {
          step: `more:${label}`,
          what: 'write more',
          reason: `${spec.id}: write more (${label})`,
        },
        async ({ signal, commitUsage }, reply) => {
          const more = await extendPart({
            spec,
            renderer: catalog.renderer,
            provider: budgeted(ctx),
            state,
            position,
            signal,
            ...reply.hooks,
          });
          // A model that wrote the part again from its start replaced the writer's text: that text is kept as a
          // version.
          const restarted = more.restarted
            ? await repos.versions.keep({
                userId,
                key: bookType,
                position,
                text: state.content[position]!,
                provenance: partProvenance(state, position),
              })
            : null;
          // The model wrote the added words: on a part the writer brought they are counted as its (the AI
          // disclosure).
          const edit = editPart(spec, state, body.part, more.text, { kind: 'more', words: countWords(more.added) });
          if (
            !(await repos.books.savePartEdit({ userId, key: bookType, position, text: edit.text, state: edit.state }))
          )
            throw ApiError.catalogue(404, 'part_not_found', lang);
          await commitUsage({ words: more.words, ...(more.usage ? { tokens: more.usage } : {}) });
          reply.answer({
            book: afterEdit({ userId, bookType, spec, state: edit.state, isMemoryReset: edit.isMemoryReset }),
            words: more.words,
            added: countWords(more.added),
            ...(restarted !== null ? { restarted_version: restarted } : {}),
            ...notesOf(spec, state, position, { answerNotes: more.answerNotes }),
            credits_available: await balance(userId),
          });
        },
      );
    });
  });
  addRewriteRoute(router, ctx, book);
}

/**
 * "Rewrite" (with the writer's note) and "write again" (without) on a written part: the part's own request with
 * its current text and the note, charged and refunded exactly as a step; the text it replaces is kept as a version
 * (restorable), the new one saved as the part, and the story bible, if it had read the part, brought up to date
 * (one update call, part of the rewrite).
 */
function addRewriteRoute(router: ApiRoutes, ctx: AppContext, book: BookAccess): void {
  const { repos, catalog } = ctx;
  const { heldBook, proseAt, balance } = book;
  router.on('POST /progress/:bookType/rewrite', async (req, res) => {
    const body = req.input.body;
    await heldBook(req, async (held) => {
      const { userId, bookType, spec, state, lang } = held;
      const position = proseAt(spec, state, body.part, lang);
      // The place the writer acted on is checked before any charge (409 when the part changed since).
      checkPartSeen(spec, state, position, body.hash);
      const label = stepKey(partStep(spec, position, state.totalChapters));
      // "Rewrite toward my voice": the writer's note (if any) after what drifted, with the voice guidance every
      // prose step gets.
      const note = body.toward_voice ? towardVoiceNote(state, position, body.note) : (body.note?.trim() ?? '');
      const step = `rewrite:${label}`;
      // Streamed when asked: the new text's words, then done.
      await chargedAnswer(
        req,
        res,
        book,
        held,
        {
          step,
          what: 'rewrite',
          reason: `${spec.id}: ${note ? 'rewrite' : 'write again'} (${label})`,
        },
        async ({ signal, commitUsage }, reply) => {
          const done = await rewritePart({
            spec,
            renderer: catalog.renderer,
            provider: budgeted(ctx),
            state,
            position,
            signal,
            ...(note ? { note } : {}),
            ...reply.hooks,
          });
          // The text replaced is kept with how it came to be: restored, it is that again.
          const kept = await repos.versions.keep({
            userId,
            key: bookType,
            position,
            text: done.previous,
            provenance: partProvenance(state, position),
            ...(note ? { note } : {}),
          });
          if (kept === null) throw ApiError.catalogue(404, 'part_not_found', lang);
          let next = done.state;
          if (!(await repos.books.savePartEdit({ userId, key: bookType, position, text: done.text, state: next })))
            throw ApiError.catalogue(404, 'part_not_found', lang);
          if ((next.memoryUpTo ?? -1) >= position) {
            // The bible follows the new text; a failed update leaves it as it was (the part is saved).
            const updated = await updateBible({
              spec,
              renderer: catalog.renderer,
              provider: budgeted(ctx),
              state: next,
              position,
              isRewrite: true,
              signal,
            }).catch(() => null);
            if (updated) {
              await repos.books.saveMemory({ userId, key: bookType, memory: updated.memory, upTo: next.memoryUpTo! });
              next = { ...next, memory: updated.memory };
            }
          }
          await commitUsage({
            words: done.outcome.words,
            ...(done.outcome.usage ? { tokens: done.outcome.usage } : {}),
          });
          reply.answer({
            book: bookView(spec, next),
            words: done.outcome.words,
            kept_version: kept,
            ...notesOf(spec, state, position, done.outcome),
            credits_available: await balance(userId),
          });
        },
      );
    });
  });
}
