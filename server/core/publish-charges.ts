// What publishing a book charges (server/core/publish.ts): its whole cost reserved before anything runs, each
// step then charged as a generation step (committed with history and usage, or refunded), and what no step used
// given back.
import {
  countWords,
  directPublishStep,
  pieceHistoryTitle,
  wordIn,
  type Lang,
  type RunPublishStep,
} from '../../engine/index.js';
import type { PublishStepInfo } from '../../engine/contract/index.js';
import type { Provider } from '../../engine/index.js';
import type { AppContext } from './context.js';
import { historyContent } from './generation.js';
import { commitCharged, refundCharge, reserveCharge, runCharged } from './charged.js';
import { ApiError } from '../errors/api-error.js';
import type { Charge } from '../store/ports.js';
import { publishError } from './publishable.js';

/** Who a publish's steps are charged to, and what the charges are kept under. */
export interface PublishCharging {
  userId: string;
  lang: Lang;
  bookTitle: string;
  historyBook?: string;
  onCharged: (credits: number) => void;
  reserved?: Map<string, Charge>;
  provider?: Provider;
}

/**
 * A RunPublishStep that charges each step as a generation step: the generator's cost first (402 when the
 * user cannot pay; the administrator passes), then the provider, then the commit with a history item and a
 * usage record; a failed step is refunded and answered as the generation route answers it.
 */
export function chargedPublishStep(ctx: AppContext, input: PublishCharging): RunPublishStep {
  const { catalog, config } = ctx;
  const provider = input.provider ?? ctx.provider;
  const { userId, lang } = input;
  return async (step) => {
    const { part, spec } = step;
    // The charge reserved for this step before the publish started (reservePublish), else one made now.
    const reserved = input.reserved?.get(part);
    input.reserved?.delete(part);
    const reason = `${spec.id}: ${part} of "${input.bookTitle}"`;
    const start = { generatorId: spec.id, step: `publish:${part}`, cost: spec.cost, reason };
    const charge = await reserveCharge(ctx, { userId, lang, reserved, start });
    const timeout = AbortSignal.timeout(config.generationTimeoutMs);
    const log = { message: 'publishing step failed; charge refunded', fields: { generator: spec.id } };
    return runCharged(ctx, { userId, charge, lang, what: `${spec.id} ${part}`, timeout, log }, async () => {
      const result = await directPublishStep({ renderer: catalog.renderer, provider, signal: timeout })(step);
      const title = wordIn(spec.title, lang);
      // Refunded meanwhile, the step fails (service_unavailable) and the publish with it, as for any failed step.
      await commitCharged(ctx.repos.generations, {
        userId,
        charge,
        // A cover is kept as its picture, never its prompt.
        history: {
          title: input.historyBook ? pieceHistoryTitle(input.historyBook, title) : `${title}: ${input.bookTitle}`,
          contentType: spec.contentType,
          content: historyContent(result),
          generatorId: spec.id,
        },
        usage: {
          promptType: spec.contentType,
          isPart: true,
          metadata: {
            generator: spec.id,
            step: `publish:${part}`,
            words: countWords(result.text),
            generation: charge.generationId,
          },
        },
      });
      input.onCharged(charge.credits);
      return result;
    });
  };
}

/**
 * Reserve a publish's whole cost before anything runs: each planned step's charge is taken now, in turn
 * (each one atomic in the store), so two publishes started together with credits for one cannot both
 * spend: the second finds the credits gone and gets 402, with what it took given back. Answers the
 * charges by part; chargedPublishStep uses them, releaseReserved gives back the ones not used.
 */
export async function reservePublish(
  ctx: AppContext,
  input: { userId: string; lang: Lang; bookTitle: string; steps: readonly PublishStepInfo[] },
): Promise<Map<string, Charge>> {
  const { repos } = ctx;
  const { userId } = input;
  // One reservation of a user's at a time, on every instance: the Idempotency-Key table's atomic claim
  // (a claim older than RESERVE_STALE_MS belongs to a process that stopped and is taken over).
  const claim = {
    userId,
    key: RESERVE_KEY,
    requestHash: RESERVE_KEY,
    ttlMs: RESERVE_STALE_MS,
    staleMs: RESERVE_STALE_MS,
  };
  const deadline = Date.now() + RESERVE_WAIT_MS;
  while ((await repos.idempotency.begin(claim)).status !== 'new') {
    if (Date.now() > deadline) throw publishError(409, 'publish_running', input.lang);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const reserved = new Map<string, Charge>();
  try {
    for (const step of input.steps) {
      if (step.cost <= 0 || step.skipped) continue;
      const reason = `${step.generator_id}: ${step.part} of "${input.bookTitle}"`;
      const charge = await repos.generations.start({
        userId,
        generatorId: step.generator_id,
        step: `publish:${step.part}`,
        cost: step.cost,
        reason,
      });
      if (!charge) {
        await releaseReserved(ctx, { userId, reserved, errorCode: 'insufficient_credits' });
        throw ApiError.catalogue(402, 'insufficient_credits', input.lang);
      }
      reserved.set(step.part, charge);
    }
  } finally {
    await repos.idempotency.release({ userId, key: RESERVE_KEY });
  }
  return reserved;
}

/** The claim that makes a user's reservations take turns (with spaces: not a key a client can send). */
const RESERVE_KEY = 'karya publish reservation';
const RESERVE_STALE_MS = 30_000;
/** How long a reservation waits for another one of the same user's to finish. */
const RESERVE_WAIT_MS = 10_000;

/** Give back every reserved charge no step used (the publish failed or skipped them). */
export async function releaseReserved(
  ctx: AppContext,
  input: { userId: string; reserved: Map<string, Charge>; errorCode: string },
): Promise<void> {
  for (const [part, charge] of input.reserved) {
    const reason = { kind: 'not_run' as const, code: input.errorCode };
    await refundCharge(ctx, { userId: input.userId, charge, what: `publish ${part}`, reason });
  }
  input.reserved.clear();
}
