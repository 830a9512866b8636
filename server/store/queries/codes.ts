// Credit codes and credit links, once for both databases: create, list with claim counts, deactivate,
// and claim. A claim is one transaction (find, record the claim, add the credits) and unique per user,
// so two claims of the same code or link by one user, however concurrent, grant once; a capped code is
// locked while it is counted, so concurrent claims by different users queue and the cap holds.
import { randomInt } from 'node:crypto';
import { retry } from '../../../engine/index.js';
import type { ClaimResult, CodeRepository, CreditCode } from '../ports.js';
import { isUniqueViolation, nowIso, type Conn } from './conn.js';
import { changeCredits } from './users.js';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `CREDIT300-7QX2M9KD`: a label and the amount, a dash, 8 random upper-case alphanumerics. */
export function linkToken(credits: number): string {
  let suffix = '';
  for (let i = 0; i < 8; i++) suffix += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `CREDIT${credits}-${suffix}`;
}

/**
 * What differs between claiming a code and claiming a link (each run in the claim's transaction); the claim itself is
 * shared.
 */
interface ClaimSource {
  /** The active code or link, or undefined. */
  find(conn: Conn): Promise<{ id: number; credits: number; name: string } | undefined>;
  hasClaimed(conn: Conn, id: number): Promise<unknown>;
  recordClaim(conn: Conn, id: number, credits: number): Promise<number>;
  ledger: { type: 'code' | 'link'; reason: string };
}

async function claimOnce(conn: Conn, userId: string, source: ClaimSource): Promise<ClaimResult> {
  try {
    return await conn.transaction(async (conn): Promise<ClaimResult> => {
      const row = await source.find(conn);
      if (!row) return { status: 'invalid' };
      if (await source.hasClaimed(conn, row.id)) return { status: 'already_claimed' };
      await source.recordClaim(conn, row.id, row.credits);
      const { type, reason } = source.ledger;
      const balance = await changeCredits(conn, {
        userId,
        amount: row.credits,
        type,
        reason: `${reason} ${row.name}`,
        reference: `${type}:${row.id}`,
      });
      if (!balance) throw new Error(`user ${userId} vanished during a ${type} claim`);
      return { status: 'granted', credits: row.credits, balance };
    });
  } catch (error) {
    // A concurrent claim by the same user lost the race on the unique (user, code|link) constraint.
    if (isUniqueViolation(error)) return { status: 'already_claimed' };
    throw error;
  }
}

function redeemCode(conn: Conn, { userId, code }: { userId: string; code: string }): Promise<ClaimResult> {
  return claimOnce(conn, userId, {
    find: async (conn) => {
      const row = await conn.firstLocked(
        conn.db.selectFrom('credit_codes').selectAll().where('code', '=', code).where('is_active', '=', 1),
      );
      if (!row) return undefined;
      if (row.expires_at !== null && row.expires_at <= nowIso()) return undefined;
      if (row.max_redemptions !== null) {
        const used = Number(
          (
            await conn.first(
              conn.db
                .selectFrom('credit_code_claims')
                .select((e) => e.fn.countAll<number>().as('n'))
                .where('code_id', '=', row.id),
            )
          )?.n ?? 0,
        );
        if (used >= row.max_redemptions) return undefined;
      }
      return { id: row.id, credits: row.credits, name: row.code };
    },
    hasClaimed: (conn, id) =>
      conn.first(
        conn.db.selectFrom('credit_code_claims').select('id').where('user_id', '=', userId).where('code_id', '=', id),
      ),
    recordClaim: (conn, id, credits) =>
      conn.run(
        conn.db
          .insertInto('credit_code_claims')
          .values({ user_id: userId, code_id: id, credits_awarded: credits, claimed_at: nowIso() }),
      ),
    ledger: { type: 'code', reason: 'Credit code' },
  });
}

function claimLink(conn: Conn, { userId, token }: { userId: string; token: string }): Promise<ClaimResult> {
  return claimOnce(conn, userId, {
    find: async (conn) => {
      const row = await conn.first(
        conn.db.selectFrom('credit_links').selectAll().where('token', '=', token).where('is_active', '=', 1),
      );
      return row && { id: row.id, credits: row.credits, name: row.token };
    },
    hasClaimed: (conn, id) =>
      conn.first(
        conn.db.selectFrom('credit_link_claims').select('id').where('user_id', '=', userId).where('link_id', '=', id),
      ),
    recordClaim: (conn, id, credits) =>
      conn.run(
        conn.db
          .insertInto('credit_link_claims')
          .values({ user_id: userId, link_id: id, credits_awarded: credits, claimed_at: nowIso() }),
      ),
    ledger: { type: 'link', reason: 'Credit link' },
  });
}

/** Undefined when the code exists already. */
async function createCode(
  conn: Conn,
  input: Parameters<CodeRepository['createCode']>[0],
): Promise<CreditCode | undefined> {
  try {
    return await conn.first(
      conn.db
        .insertInto('credit_codes')
        .values({
          code: input.code,
          credits: input.credits,
          description: input.description ?? null,
          created_by: input.createdBy,
          created_at: nowIso(),
          expires_at: input.expiresAt ?? null,
          max_redemptions: input.maxRedemptions ?? null,
        })
        .returningAll(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** A new link; a token another link holds already (a random collision) is drawn again, up to 6 tries in all. */
async function createLink(conn: Conn, input: Parameters<CodeRepository['createLink']>[0]) {
  const insert = async () => {
    const row = await conn.first(
      conn.db
        .insertInto('credit_links')
        .values({
          token: linkToken(input.credits),
          credits: input.credits,
          description: input.description ?? null,
          created_by: input.createdBy,
          created_at: nowIso(),
        })
        .returningAll(),
    );
    return row!;
  };
  return retry(insert, {
    retryable: (error) => (isUniqueViolation(error) ? 'token taken' : undefined),
    attempts: 6,
    delay: () => 0,
  });
}

/** Code claims and link claims with the claimer's e-mail, newest first. */
async function listClaims(conn: Conn) {
  const codeClaims = await conn.all(
    conn.db
      .selectFrom('credit_code_claims as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .innerJoin('credit_codes as k', 'k.id', 'c.code_id')
      .select(['c.id', 'u.email as user_email', 'k.code', 'k.credits', 'c.credits_awarded', 'c.claimed_at'])
      .orderBy('c.claimed_at', 'desc')
      .orderBy('c.id', 'desc'),
  );
  const linkClaims = await conn.all(
    conn.db
      .selectFrom('credit_link_claims as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .innerJoin('credit_links as l', 'l.id', 'c.link_id')
      .select(['c.id', 'u.email as user_email', 'l.token', 'l.credits', 'c.credits_awarded', 'c.claimed_at'])
      .orderBy('c.claimed_at', 'desc')
      .orderBy('c.id', 'desc'),
  );
  return { code_claims: codeClaims, link_claims: linkClaims };
}

export function codeRepository(conn: Conn): CodeRepository {
  const deactivate = (table: 'credit_codes' | 'credit_links', id: number) =>
    conn
      .run(conn.db.updateTable(table).set({ is_active: 0 }).where('id', '=', id).where('is_active', '=', 1))
      .then((n) => n > 0);
  return {
    redeemCode: (input) => redeemCode(conn, input),
    claimLink: (input) => claimLink(conn, input),
    createCode: (input) => createCode(conn, input),
    listCodes: () =>
      conn.all(
        conn.db
          .selectFrom('credit_codes as k')
          .select((eb) => [
            'k.id',
            'k.code',
            'k.credits',
            'k.description',
            'k.is_active',
            'k.created_by',
            'k.created_at',
            'k.expires_at',
            'k.max_redemptions',
            eb
              .selectFrom('credit_code_claims as c')
              .select((e) => e.fn.countAll<number>().as('n'))
              .whereRef('c.code_id', '=', 'k.id')
              .$asScalar()
              .$notNull()
              .as('claims'),
          ])
          .orderBy('k.created_at', 'desc')
          .orderBy('k.id', 'desc'),
      ),
    createLink: (input) => createLink(conn, input),
    // Active links, newest first, each with its number of claims.
    listLinks: () =>
      conn.all(
        conn.db
          .selectFrom('credit_links as l')
          .leftJoin('users as u', 'u.id', 'l.created_by')
          .select((eb) => [
            'l.id',
            'l.token',
            'l.credits',
            'l.description',
            'l.created_by',
            'u.email as created_by_email',
            'l.created_at',
            'l.is_active',
            eb
              .selectFrom('credit_link_claims as c')
              .select((e) => e.fn.countAll<number>().as('n'))
              .whereRef('c.link_id', '=', 'l.id')
              .$asScalar()
              .$notNull()
              .as('claims'),
          ])
          .where('l.is_active', '=', 1)
          .orderBy('l.created_at', 'desc')
          .orderBy('l.id', 'desc'),
      ),
    deactivateLink: (id) => deactivate('credit_links', id),
    deactivateCode: (id) => deactivate('credit_codes', id),
    listClaims: () => listClaims(conn),
  };
}
