// The lease of the run making an edition, once for both databases: one run at a time, in any process. The lease
// names its holder (a process's id, then the run's) and is renewed by the holder's heartbeat a few beats ahead
// (running_until), so a run whose process was killed stops holding it within those beats; it also names the part
// the run charged and has not yet delivered (lease_charge). Whoever frees a dead run's lease (a start taking it over,
// or the sweep) refunds that charge in the same transaction: a killed run costs the writer nothing. The generation is
// refunded only while it still runs (refundGeneration), so a part delivered just before the kill is kept as paid.
import type { Lang } from '../../../engine/index.js';
import type { Conn } from './conn.js';

/** A part's charge (the store's Charge). */
export interface LeaseCharge {
  generationId: string;
  credits: number;
}

/** A part's charge as the generations' start takes it, without the user (the edition's owner). */
export interface PartCharge {
  generatorId: string;
  step: string;
  cost: number;
  reason: string;
}

/**
 * The generations' charge and refund a lease runs in its transaction (queries/generations.ts's `charges`, given by
 * each adapter: the lease's queries cannot import them without a cycle through the ports).
 */
export interface Charges {
  start(conn: Conn, input: PartCharge & { userId: string }): Promise<LeaseCharge | null>;
  refund(conn: Conn, input: { userId: string; charge: LeaseCharge; reason: string; errorCode: string }): Promise<void>;
}

/**
 * A start's claim of the lease: taken (`refunded`: credits given back for the dead run it took over), or held by a live
 * run until `heldUntil`.
 */
export type LeaseClaim = { isClaimed: true; refunded: number } | { isClaimed: false; heldUntil: number };

/** A part's charge made under the lease: charged, the balance short, or the lease no longer this run's (taken over). */
export type LeasedCharge = { status: 'charged'; charge: LeaseCharge } | { status: 'short' } | { status: 'lost' };

/** The lease of one edition (source, language) for one run. */
export interface LeaseOf {
  sourceId: number;
  lang: Lang;
  /** The run's id: its process's id, a slash, the run's own. */
  holder: string;
}

/** The process part of a holder's id (what the sweep of a restarted single-process store compares). */
export const processOfHolder = (holder: string): string => holder.slice(0, holder.lastIndexOf('/'));

/** Every edition's lease, for the sweep (not one owner's). */
export interface EditionLeaseRepository {
  /**
   * Free the leases of dead runs and refund the parts they charged and did not deliver: those not renewed by `now`,
   * and, given `process` (a store only that process opens: SQLite), every lease not held by a run of it (its
   * earlier incarnation's). Answers how many were freed and the credits given back.
   */
  sweep(input: { now: number; process?: string }): Promise<{ freed: number; refunded: number }>;
}

type LeaseRow = {
  source_id: number;
  lang: Lang;
  running_until: number | null;
  lease_holder: string | null;
  lease_charge: string | null;
};
const LEASE_COLUMNS = ['source_id', 'lang', 'running_until', 'lease_holder', 'lease_charge'] as const;

/** Whether a lease holds at `now`: renewed ahead of it (and, with `process`, held by a run of that process). */
function isLive(row: Pick<LeaseRow, 'running_until' | 'lease_holder'>, now: number, process?: string): boolean {
  if (row.running_until == null || Number(row.running_until) <= now) return false;
  return process === undefined || (row.lease_holder !== null && processOfHolder(row.lease_holder) === process);
}

/** Refund the charge a dead run left (when its generation still runs); answers the credits given back. */
async function refundLeft(conn: Conn, charges: Charges, generationId: string | null): Promise<number> {
  if (!generationId) return 0;
  const g = await conn.first(
    conn.db
      .selectFrom('generations')
      .select(['id', 'user_id', 'generator_id', 'step', 'credits_charged', 'status'])
      .where('id', '=', generationId),
  );
  if (!g || g.status !== 'running') return 0;
  await charges.refund(conn, {
    userId: g.user_id,
    charge: { generationId: g.id, credits: g.credits_charged },
    reason: `Refund: ${g.generator_id} ${g.step} (the run stopped)`,
    errorCode: 'interrupted',
  });
  return g.credits_charged;
}

/** An update of the owner's edition of a source book in one language (editions.ts and the leases here). */
export function editionUpdate(conn: Conn, owner: string) {
  return (sourceId: number, lang: Lang) =>
    conn.db
      .updateTable('book_editions')
      .where('owner', '=', owner)
      .where('source_id', '=', sourceId)
      .where('lang', '=', lang);
}

/** The lease part of an owner's EditionRepository (queries/editions.ts). */
export function editionLeases(
  conn: Conn,
  owner: string,
  ensure: (conn: Conn, sourceId: number, lang: Lang) => Promise<boolean>,
  charges: Charges,
) {
  const row = (sourceId: number, lang: Lang) =>
    conn.db
      .selectFrom('book_editions')
      .select(LEASE_COLUMNS)
      .where('owner', '=', owner)
      .where('source_id', '=', sourceId)
      .where('lang', '=', lang);
  const update = editionUpdate(conn, owner);
  /** Whether `holder` holds the lease (locked until the transaction ends). */
  async function isHeldBy(conn: Conn, sourceId: number, lang: Lang, holder: string): Promise<boolean> {
    return (await conn.firstLocked(row(sourceId, lang)))?.lease_holder === holder;
  }
  return {
    claim: (input: LeaseOf & { now: number; until: number }): Promise<LeaseClaim> =>
      conn.transaction(async (conn): Promise<LeaseClaim> => {
        const { sourceId, lang, holder, now, until } = input;
        if (!(await ensure(conn, sourceId, lang))) return { isClaimed: false, heldUntil: now };
        const held = await conn.firstLocked(row(sourceId, lang));
        if (held && held.lease_holder !== holder && isLive(held, now))
          return { isClaimed: false, heldUntil: Number(held.running_until) };
        const refunded = held && held.lease_holder !== holder ? await refundLeft(conn, charges, held.lease_charge) : 0;
        await conn.run(update(sourceId, lang).set({ running_until: until, lease_holder: holder, lease_charge: null }));
        return { isClaimed: true, refunded };
      }),
    /** The heartbeat: the lease renewed to `until` while `holder` holds it; false when it is no longer its. */
    beat: async ({ sourceId, lang, holder, until }: LeaseOf & { until: number }): Promise<boolean> =>
      (await conn.run(update(sourceId, lang).where('lease_holder', '=', holder).set({ running_until: until }))) > 0,
    /** A part charged as a step and named on the lease, in one transaction. */
    chargePart: (input: LeaseOf & { start: PartCharge }): Promise<LeasedCharge> =>
      conn.transaction(async (conn): Promise<LeasedCharge> => {
        const { sourceId, lang, holder } = input;
        if (!(await isHeldBy(conn, sourceId, lang, holder))) return { status: 'lost' };
        const charge = await charges.start(conn, { userId: owner, ...input.start });
        if (!charge) return { status: 'short' };
        await conn.run(update(sourceId, lang).set({ lease_charge: charge.generationId }));
        return { status: 'charged', charge };
      }),
    /** The lease let go by its holder (nothing when another holds it now). */
    release: async ({ sourceId, lang, holder }: LeaseOf): Promise<void> => {
      await conn.run(
        update(sourceId, lang)
          .where('lease_holder', '=', holder)
          .set({ running_until: null, lease_holder: null, lease_charge: null }),
      );
    },
    /** Whether a run holds the lease at `now`. */
    isRunning: async ({ sourceId, lang, now }: { sourceId: number; lang: Lang; now: number }): Promise<boolean> => {
      const held = await conn.first(row(sourceId, lang));
      return held !== undefined && isLive(held, now);
    },
  };
}

export function editionLeaseRepository(conn: Conn, charges: Charges): EditionLeaseRepository {
  return {
    sweep: ({ now, process }) =>
      conn.transaction(async (conn) => {
        const held = await conn.all(
          conn.db
            .selectFrom('book_editions')
            .select([...LEASE_COLUMNS, 'owner'])
            .where('lease_holder', 'is not', null),
        );
        let freed = 0;
        let refunded = 0;
        for (const lease of held) {
          if (isLive(lease, now, process)) continue;
          const key = conn.db
            .selectFrom('book_editions')
            .select(LEASE_COLUMNS)
            .where('source_id', '=', lease.source_id)
            .where('lang', '=', lease.lang);
          // Read again under its lock: its run may have renewed it, or a start taken it over, since the list was read.
          const locked = await conn.firstLocked(key);
          if (!locked || locked.lease_holder === null || isLive(locked, now, process)) continue;
          refunded += await refundLeft(conn, charges, locked.lease_charge);
          await conn.run(
            conn.db
              .updateTable('book_editions')
              .set({ running_until: null, lease_holder: null, lease_charge: null })
              .where('source_id', '=', lease.source_id)
              .where('lang', '=', lease.lang),
          );
          freed++;
        }
        return { freed, refunded };
      }),
  };
}
