// A part of an imported book's story bible that its hold pays for (./bible-parts.ts takes the charge): read down
// the ladder, asked again once when a failure is thrown through it, then committed with its usage; refunded when
// it fails or could not be read even in halves (then skipped and named), and the bible put back as it was when
// its charge was given back while it was read.
import { retry, retryKindOf, type BookSession, type ResolvedSpec } from '../../engine/index.js';
import type { Charge } from '../store/ports.js';
import { biblePartStep } from '../store/queries/bible-holds.js';
import type { AppContext } from './context.js';
import { commitCharged, refundCharge, refundFailed } from './charged.js';
import { failureOf } from '../errors/reply.js';

/**
 * A part the bible went past without reading it all, even in halves (engine/session/ladder.ts): its label and why;
 * never charged.
 */
export interface SkippedPart {
  readonly position: number;
  readonly label: string;
  readonly problem: string;
}

/**
 * How many times a paid part is read (within one generation time-out) when it fails with a thrown failure, before it is
 * given up (its charge refunded).
 */
const PAID_ATTEMPTS = 2;

/**
 * What reading the next part came to: read (`skipped`: it could not be read, even in halves), or why not (`busy`:
 * another process reads it now).
 */
export type PartRead =
  | { outcome: 'read'; calls: number; skipped?: SkippedPart }
  | { outcome: 'credits' | 'busy'; calls: 0 }
  | { outcome: 'failed'; calls: 0; error: unknown };

type Read = Awaited<ReturnType<BookSession['remember']>>;

/** The part a read went past without reading it all (logged), or undefined when it read it all. */
export function skippedOf(
  ctx: AppContext,
  read: Read,
  part: { generator: string; position: number; label: string },
): SkippedPart | undefined {
  const { generator, position, label } = part;
  const left = read.left?.[0];
  if (!left) return undefined;
  ctx.logger.warn(
    { generator, position, words: left.words, of: left.of, problem: left.problem },
    'story bible: a part could not be read even in halves; skipped, not charged',
  );
  return { position, label, problem: left.problem };
}

/**
 * The part read into the session's bible. An answer that is not an update is the ladder's (BookSession.remember);
 * what is thrown through it (a refusal, another language, a provider's failure that waiting does not mend) is asked
 * again at once: asked twice in all, then the part fails (`read` undefined, the `failure`). A failure the provider
 * retries itself (a 429, a 503, a dropped connection: engine/retry.ts's one rule) has had its tries there; asking
 * again would multiply them.
 */
async function readAskingAgain(
  session: BookSession,
  signal: AbortSignal,
): Promise<{ read?: Read; failure?: unknown; asked: number }> {
  let asked = 0;
  try {
    const read = await retry(
      (attempt) => {
        asked = attempt;
        return session.remember({ signal, parts: 1 });
      },
      {
        retryable: (error) => (retryKindOf(error) ? undefined : 'asked again'),
        attempts: PAID_ATTEMPTS,
        delay: () => 0,
        signal,
      },
    );
    return { read, asked };
  } catch (error) {
    return { failure: error, asked };
  }
}

/** The part at `position` read on its charge (readNextPart's paid branch), committed or refunded. */
export async function readPaidPart(
  ctx: AppContext,
  input: {
    userId: string;
    spec: ResolvedSpec;
    session: BookSession;
    after: string;
    charge: Charge;
    position: number;
    label: string;
    reason: string;
    deadline: AbortSignal;
    signal: AbortSignal;
  },
): Promise<PartRead> {
  const { repos } = ctx;
  const { userId, spec, session, charge, position, reason, deadline, signal } = input;
  const state = session.state;
  // The bible as it was before this part: what it goes back to when the part's charge does not stand.
  const before = { memory: state.memory ?? '', upTo: state.memoryUpTo ?? -1 };
  const { read, failure, asked } = await readAskingAgain(session, signal);
  if (!read) {
    await refundFailed(
      ctx,
      {
        userId,
        charge,
        lang: state.lang,
        what: reason,
        isTimeout: deadline.aborted,
        isClientGone: false,
        answer: failureOf,
      },
      failure,
    );
    ctx.logger.warn(
      { err: failure, generator: spec.id, position },
      'story bible: a part of an imported book failed twice; its charge refunded',
    );
    return { outcome: 'failed', calls: 0, error: failure };
  }
  const { calls, usage } = read;
  const skipped = skippedOf(ctx, read, { generator: spec.id, position, label: input.label });
  if (skipped) {
    await refundCharge(ctx, { userId, charge, what: reason, reason: { kind: 'skipped', code: skipped.problem } });
    if (calls)
      await repos.generations.recordUsage({
        userId,
        promptType: spec.contentType,
        metadata: {
          generator: spec.id,
          step: biblePartStep(position),
          calls,
          after: input.after,
          skipped: true,
          ...(usage ? { tokens: usage } : {}),
        },
      });
    return { outcome: 'read', calls, skipped };
  }
  const metadata = {
    generator: spec.id,
    step: biblePartStep(position),
    calls,
    after: 'import',
    generation: charge.generationId,
    ...(asked > 1 ? { attempts: asked } : {}),
    ...(usage ? { tokens: usage } : {}),
  };
  // Its charge given back while it was read (a queue's sweep gave it up, a restart refunded it): not paid, so the part
  // fails and the run stops, as when the provider fails; the refund already made is the only one. The saved bible goes
  // back to what it was before the part (the session, failed, is not used again): a bible holding a part counts as
  // having paid for it (a hold's settling charges it), so a later build reads it again and pays it once.
  try {
    await commitCharged(ctx.repos.generations, {
      userId,
      charge,
      usage: { promptType: spec.contentType, isPart: false, metadata },
    });
  } catch (error) {
    await repos.books.saveMemory({ userId, key: session.key, ...before });
    ctx.logger.warn(
      { err: error, generator: spec.id, position },
      'story bible: a part was refunded while it was read; not kept as paid, the bible as before it',
    );
    return { outcome: 'failed', calls: 0, error };
  }
  return { outcome: 'read', calls };
}
