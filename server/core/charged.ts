// One charged call: the cost reserved (402 when it cannot be paid), the call run, then settled (the caller
// commits what it made) or refunded with a typed reason. Steps, edits that call the model, publishing and the
// story bible of an imported book all charge through here.
import { GenerationError, type Lang } from '../../engine/index.js';
import { ApiError } from '../errors/api-error.js';
import type { Charge, GenerationCommit, GenerationRepository } from '../store/ports.js';
import type { AppContext } from './context.js';
import { answerOf } from '../errors/reply.js';

/**
 * Why a charge is given back: the call failed (its code), its answer could not be read even in halves (skipped), the
 * client went away, the writer stopped it before any text, or it was never run (its code, and why in words).
 */
export type RefundReason =
  | { kind: 'failed'; code: string }
  | { kind: 'skipped'; code: string }
  | { kind: 'client_gone' }
  | { kind: 'stopped' }
  | { kind: 'not_run'; code: string; detail?: string };

/** A refund's words in the ledger and the code kept with it. */
function refundOf(reason: RefundReason): { detail: string; errorCode: string } {
  switch (reason.kind) {
    case 'failed':
      return { detail: reason.code, errorCode: reason.code };
    // Not read even in halves: given back and marked so (a skipped part is neither read nor charged when a hold
    // settles).
    case 'skipped':
      return { detail: 'could not be read', errorCode: reason.code };
    case 'client_gone':
      return { detail: 'client went away', errorCode: 'client_gone' };
    case 'stopped':
      return { detail: 'stopped before any text', errorCode: 'step_stopped' };
    case 'not_run':
      return { detail: reason.detail ?? 'not run', errorCode: reason.code };
  }
}

/**
 * Give a charge back: `Refund: <what> (<why>)` in the ledger, with the reason's code.
 * @example await refundCharge(ctx, { userId, charge, what: 'romance write more', reason: { kind: 'client_gone' } })
 */
export async function refundCharge(
  ctx: AppContext,
  input: { userId: string; charge: Charge; what: string; reason: RefundReason },
): Promise<void> {
  const { detail, errorCode } = refundOf(input.reason);
  await ctx.repos.generations.refund({
    userId: input.userId,
    charge: input.charge,
    reason: `Refund: ${input.what} (${detail})`,
    errorCode,
    ...(input.reason.kind === 'skipped' ? { isSkipped: true } : {}),
  });
}

/**
 * Keep a charged call's result (generations.commit): every charged call commits here, a step's save (the progress
 * port, generation.ts) as well. A commit that did not stand (its charge was given back while the call ran: a
 * queue's sweep took the step for lost in an outage longer than the lease, a restart refunded it) saved nothing, so
 * it throws service_unavailable (503, as the sweep answered): the result never reaches the writer as saved or paid.
 * That refund is the only one: a second refund of the same generation changes nothing.
 * @example await commitCharged(ctx.repos.generations, { userId, charge, usage }) // throws
 * GenerationError('service_unavailable') when refunded meanwhile
 */
export async function commitCharged(
  generations: Pick<GenerationRepository, 'commit'>,
  input: GenerationCommit,
): Promise<void> {
  if (!(await generations.commit(input))) throw new GenerationError('service_unavailable');
}

/**
 * The cost taken from the user's balance (or a charge already reserved): 402 insufficient_credits in `lang` when it
 * cannot be paid.
 */
export async function reserveCharge(
  ctx: AppContext,
  input: {
    userId: string;
    lang: Lang;
    reserved?: Charge | null;
    start: { generatorId: string; step: string; cost: number; reason: string; generationId?: string };
  },
): Promise<Charge> {
  const charge = input.reserved ?? (await ctx.repos.generations.start({ userId: input.userId, ...input.start }));
  if (!charge) throw ApiError.catalogue(402, 'insufficient_credits', input.lang);
  return charge;
}

/** A charged call that failed: the API error it answers with, whether the client had gone, and what was thrown. */
export interface ChargedFailure {
  failure: ApiError;
  isClientGone: boolean;
  error: unknown;
}

/** A charged call's failure to settle: its charge (none when no part was open), and what is known of how it ended. */
export interface FailedCall {
  userId: string;
  charge: Charge | null;
  lang: Lang;
  what: string;
  /** The call's time-out had passed: answered as `timeout`. */
  isTimeout: boolean;
  /** The client went away: refunded as `client_gone`, nothing logged. */
  isClientGone: boolean;
  log?: { message: string; fields: Record<string, unknown> };
  answer?: typeof answerOf;
}

/**
 * A charged call that threw, settled: its charge refunded (`client_gone`, else the failure's code), a server-side
 * failure logged, and the failure answered as the catalogue words it. The one place a failed call's charge goes back.
 * @example throw await refundFailed(ctx, { userId, charge, lang, what, isTimeout: false, isClientGone: false }, error)
 */
export async function refundFailed(ctx: AppContext, input: FailedCall, error: unknown): Promise<ApiError> {
  const failure = (input.answer ?? answerOf)(error, {
    lang: input.lang,
    isTimeout: input.isTimeout && !input.isClientGone,
  });
  if (input.charge)
    await refundCharge(ctx, {
      userId: input.userId,
      charge: input.charge,
      what: input.what,
      reason: input.isClientGone ? { kind: 'client_gone' } : { kind: 'failed', code: failure.code },
    });
  if (input.log && failure.status >= 500 && !input.isClientGone)
    ctx.logger.warn({ err: error, ...input.log.fields, code: failure.code }, input.log.message);
  return failure;
}

/**
 * Run `run` on a charge: what it answers is the caller's (it commits the charge itself). When it throws, the
 * charge is refunded (`client_gone` when `client` was aborted, else the failure's code; a time-out answered as
 * `timeout`), a server-side failure is logged, and `onFailure` makes what is thrown (the failure by default).
 * The failure is `answer`'s (answerOf: an error the catalogue words as itself, a generation failure as failureOf).
 */
export async function runCharged<T>(
  ctx: AppContext,
  input: {
    userId: string;
    charge: Charge;
    lang: Lang;
    what: string;
    timeout: AbortSignal;
    client?: AbortSignal;
    log?: { message: string; fields: Record<string, unknown> };
    answer?: typeof answerOf;
    onFailure?: (failed: ChargedFailure) => unknown;
  },
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const isClientGone = input.client?.aborted ?? false;
    const { userId, charge, lang, what, log, answer } = input;
    const failure = await refundFailed(
      ctx,
      {
        userId,
        charge,
        lang,
        what,
        isTimeout: input.timeout.aborted,
        isClientGone,
        ...(log ? { log } : {}),
        ...(answer ? { answer } : {}),
      },
      error,
    );
    throw input.onFailure ? input.onFailure({ failure, isClientGone, error }) : failure;
  }
}
