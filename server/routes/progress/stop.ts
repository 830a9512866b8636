// Stop of the part being written (POST …/stop: the text that reached the writer kept as its draft) and the
// stopped draft finished as the book's next step: kept, continued or rewritten (POST …/stopped).
import {
  BookSession,
  bookView,
  nextStep,
  progress,
  restoreBook,
  stepKey,
  stepPosition,
} from '../../../engine/index.js';
import { userProgress } from '../../core/generation.js';
import type { AppContext } from '../../core/context.js';
import { ApiError } from '../../errors/api-error.js';
import { sessionOf } from '../../auth/middleware.js';
import { bookLockKey } from '../../core/generation.js';
import type { ApiRoutes, ContractHandler } from '../../http/routes.js';
import type { BookAccess } from './book-access.js';
import { continuesDraft } from '../../core/step-write.js';
import { modelAnswer } from '../../http/model-answer.js';

export function addStopRoutes(router: ApiRoutes, ctx: AppContext, book: BookAccess): void {
  router.on('POST /progress/:bookType/stop', stopRoute(ctx, book));
  router.on('POST /progress/:bookType/stopped', stoppedRoute(ctx, book));
}

/**
 * Stop: the step of the user's book being written now is aborted; the text that reached the
 * writer is kept as the step's draft and paid for (nothing reached them: refunded, nothing kept). The
 * answer waits for that and gives the book with its stopped part. Only the writer's own step: the lock
 * key is theirs. With Postgres a step on another process's worker is stopped there (server/queue/stop.ts).
 */
function stopRoute(ctx: AppContext, book: BookAccess): ContractHandler<'POST /progress/:bookType/stop'> {
  const { repos, catalog } = ctx;
  const { withStopped, balance, running } = book;
  return async (req, res) => {
    const { bookType } = req.input.params;
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
    res.json({
      book: view,
      stopped: view.stopped ?? null,
      credits_charged: credits,
      credits_available: await balance(userId),
    });
  };
}

/**
 * A stopped part finished as the book's next step: kept as it is (free), continued from where it stops
 * ("write more"'s request) or rewritten with the writer's note (the rewrite's request, the draft as the
 * current text), each charged as a step and refunded when it fails; saved as a step is (history, usage,
 * the part count), the draft dropped, and the story bible brought up to date.
 */
function stoppedRoute(ctx: AppContext, book: BookAccess): ContractHandler<'POST /progress/:bookType/stopped'> {
  const { repos, catalog } = ctx;
  const { heldBook, balance, charged } = book;
  return async (req, res) => {
    const body = req.input.body;
    await heldBook(req, async ({ userId, bookType, spec, state, lang }) => {
      const step = nextStep(spec, state);
      if (!step || stepKey(step) !== stepKey(body.part)) throw ApiError.of(409, 'step_not_allowed');
      const position = stepPosition(step);
      const draft = (await repos.drafts.list({ userId, key: bookType })).find((d) => d.position === position);
      if (!draft) throw ApiError.catalogue(404, 'no_stopped_draft', lang);
      const note = body.note?.trim() ?? '';
      const label = stepKey(step);
      const input = {
        userId,
        bookType,
        spec,
        lang,
        step: `${body.action}:${label}`,
        what: `stopped ${body.action}`,
        reason: `${spec.id}: stopped part, ${body.action} (${label})`,
        ...(body.action === 'keep' ? { cost: 0 } : {}),
      };
      // Asked as events (http/model-answer.ts), it answers once charged, before the model: its waits, then done.
      const reply = modelAnswer(req, res, lang);
      await reply.run(() =>
        charged(res, input, async ({ signal, charge }) => {
          if (body.action !== 'keep') reply.open();
          const session = await BookSession.open({
            spec,
            renderer: catalog.renderer,
            provider: reply.through(ctx.provider),
            key: bookType,
            settings: state.settings,
            onFinished: 'keep',
            store: userProgress(repos, { userId, spec, charge: () => charge }),
          });
          const result = await session.finishDraft(draft.text, {
            how: body.action,
            expected: step,
            signal,
            ...(note ? { note } : {}),
          });
          // Continued, the part may come back written again from its start: the draft it replaced is kept as a version.
          const restarted =
            body.action === 'continue' && !continuesDraft(draft.text, result.text)
              ? await repos.versions.keep({ userId, key: bookType, position, text: draft.text.trim() })
              : null;
          await repos.drafts.remove({ userId, key: bookType, position });
          // Part of the step, as after any step; a failure is tried again before the next one.
          await session.remember({ signal }).catch(() => undefined);
          reply.answer({
            book: session.view(),
            words: result.words,
            ...(restarted !== null ? { restarted_version: restarted } : {}),
            credits_available: await balance(userId),
          });
        }),
      );
    });
  };
}
