// The lease of a run making an edition (server/store/queries/edition-leases.ts), held by this process: one run of an
// edition at a time in any process, ended with its process. The run beats every few seconds, renewing the lease a few
// beats ahead; a process killed mid-run stops beating, so its lease is free within those beats (at once on SQLite,
// where a restarted server frees its earlier incarnation's leases as it starts), and the part it had charged and not
// delivered is refunded by whoever frees it. A start refused while a live run holds it says when to try again.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Lang } from '../../engine/index.js';
import type { Charge, GenerationRepository } from '../store/ports.js';
import { ApiError } from '../errors/api-error.js';
import type { AppContext } from './context.js';
import { metricsOf } from './metrics.js';

/** This process's id in the leases it holds (a run's holder id is it, a slash, and the run's own). */
export const PROCESS_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Without KARYA_LEASE_TIMEOUT_MS: a beat every 5 s, as the step queue's workers beat. */
const DEFAULT_BEAT_MS = 5_000;
/** A lease holds this many beats past the last: a run that missed them has stopped. */
const BEATS_HELD = 3;

/**
 * How often a run beats and how far ahead each beat renews its lease: a quarter of the deployment's lease clock
 * (KARYA_LEASE_TIMEOUT_MS, as the step queue's heartbeat), held for three beats.
 */
export function editionLeaseClock(config: { leaseTimeoutMs?: number }): { beatMs: number; heldMs: number } {
  const beatMs =
    config.leaseTimeoutMs !== undefined ? Math.max(250, Math.round(config.leaseTimeoutMs / 4)) : DEFAULT_BEAT_MS;
  return { beatMs, heldMs: BEATS_HELD * beatMs };
}

/** A held lease: its parts charged under it, `lost` aborted when another run took it over, let go at the run's end. */
export interface EditionLease {
  readonly lost: AbortSignal;
  /** A part charged as a step and named on the lease: 402 when the balance cannot pay, 409 when the lease is lost. */
  chargePart(start: Omit<Parameters<GenerationRepository['start']>[0], 'userId'>): Promise<Charge>;
  /** The refusal of a run whose lease another run took over. */
  lostError(): ApiError;
  release(): Promise<void>;
}

/** The 409 of a start while another run makes the edition, with the seconds until its lease would end unrenewed. */
function running(lang: Lang, seconds: number, language: string): ApiError {
  return ApiError.catalogue(409, 'edition_running', lang, { language }).retryAfter(seconds);
}

/**
 * Take the lease of the edition of `sourceId` in `to` for a new run of this process, beating until `release`: a
 * dead run's lease is taken over (its undelivered part refunded); 409 `edition_running` with Retry-After while a
 * live run holds it.
 */
export async function holdEditionLease(
  ctx: AppContext,
  input: { userId: string; sourceId: number; to: Lang; lang: Lang; language: string },
): Promise<EditionLease> {
  const { userId, sourceId, to, lang, language } = input;
  const editions = ctx.repos.editions(userId);
  const { beatMs, heldMs } = editionLeaseClock(ctx.config);
  const lease = { sourceId, lang: to, holder: `${PROCESS_ID}/${randomUUID().slice(0, 8)}` };
  const now = Date.now();
  const claim = await editions.claim({ ...lease, now, until: now + heldMs });
  if (!claim.isClaimed) throw running(lang, Math.ceil((claim.heldUntil - now) / 1000), language);
  if (claim.refunded > 0) {
    metricsOf(ctx).creditsRefunded.inc(claim.refunded);
    ctx.logger.warn(
      { source: sourceId, to, refunded: claim.refunded },
      'edition: the run before stopped mid-part; its charge refunded',
    );
  }
  const lost = new AbortController();
  const beat = setInterval(() => {
    editions.beat({ ...lease, until: Date.now() + heldMs }).then(
      (isHeld) => {
        if (!isHeld) lost.abort();
      },
      (error: unknown) => ctx.logger.warn({ err: error, source: sourceId, to }, 'edition: the lease heartbeat failed'),
    );
  }, beatMs);
  beat.unref();
  const lostError = () => running(lang, Math.ceil(heldMs / 1000), language);
  return {
    lost: lost.signal,
    lostError,
    chargePart: async (start) => {
      const charged = await editions.chargePart({ ...lease, start });
      if (charged.status === 'short') throw ApiError.catalogue(402, 'insufficient_credits', lang);
      if (charged.status === 'lost') {
        lost.abort();
        throw lostError();
      }
      if (charged.charge.credits > 0) metricsOf(ctx).creditsCharged.inc(charged.charge.credits);
      return charged.charge;
    },
    release: async () => {
      clearInterval(beat);
      await editions.release(lease);
    },
  };
}
