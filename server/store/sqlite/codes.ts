// Credit codes and credit links on SQLite: create, list with claim counts, soft-delete links, and claim. A claim
// is one transaction (find, insert the claim, add the credits) and unique per user, so two claims of
// the same code or link by one user, however concurrent, grant once.
import { randomInt } from 'node:crypto';
import SQLite from 'better-sqlite3';
import type { Store } from './store.js';
import { nowIso } from './store.js';
import type { ClaimResult, CodeRepository, CreditCode, CreditCodeListing, CreditLink, CreditLinkListing } from '../ports.js';
import { changeCredits } from './credits.js';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `CREDIT300-7QX2M9KD`: a label and the amount, a dash, 8 random upper-case alphanumerics. */
export function linkToken(credits: number): string {
  let suffix = '';
  for (let i = 0; i < 8; i++) suffix += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `CREDIT${credits}-${suffix}`;
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof SQLite.SqliteError && error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** What differs between claiming a code and claiming a link; the claim itself is shared. */
interface ClaimSource {
  /** The active code or link, or undefined. */
  find(): { id: number; credits: number; name: string } | undefined;
  hasClaimed(id: number): boolean;
  recordClaim(id: number, credits: number): void;
  ledger: { type: 'code' | 'link'; reason: string };
}

/** One claim per user, in one transaction: find, record the claim, add the credits to the ledger. */
function claimOnce(store: Store, userId: string, source: ClaimSource): ClaimResult {
  try {
    return store.transaction((): ClaimResult => {
      const row = source.find();
      if (!row) return { status: 'invalid' };
      if (source.hasClaimed(row.id)) return { status: 'already_claimed' };
      source.recordClaim(row.id, row.credits);
      const { type, reason } = source.ledger;
      const balance = changeCredits(store, { userId, amount: row.credits, type, reason: `${reason} ${row.name}`, reference: `${type}:${row.id}` });
      if (!balance) throw new Error(`user ${userId} vanished during a ${type} claim`);
      return { status: 'granted', credits: row.credits, balance };
    });
  } catch (error) {
    // A concurrent claim by the same user lost the race on the unique (user, code|link) constraint.
    if (isUniqueViolation(error)) return { status: 'already_claimed' };
    throw error;
  }
}

export function redeemCode(store: Store, input: { userId: string; code: string }): ClaimResult {
  const { userId, code } = input;
  return claimOnce(store, userId, {
    find: () => {
      const row = store.first(store.db.selectFrom('credit_codes').selectAll().where('code', '=', code).where('is_active', '=', 1));
      if (!row) return undefined;
      if (row.expires_at !== null && row.expires_at <= nowIso()) return undefined;
      if (row.max_redemptions !== null) {
        const used = store.first(store.db.selectFrom('credit_code_claims').select((e) => e.fn.countAll<number>().as('n')).where('code_id', '=', row.id))?.n ?? 0;
        if (used >= row.max_redemptions) return undefined;
      }
      return { id: row.id, credits: row.credits, name: row.code };
    },
    hasClaimed: (id) => !!store.first(store.db.selectFrom('credit_code_claims').select('id').where('user_id', '=', userId).where('code_id', '=', id)),
    recordClaim: (id, credits) => store.run(store.db.insertInto('credit_code_claims').values({ user_id: userId, code_id: id, credits_awarded: credits, claimed_at: nowIso() })),
    ledger: { type: 'code', reason: 'Credit code' },
  });
}

export function claimLink(store: Store, input: { userId: string; token: string }): ClaimResult {
  const { userId, token } = input;
  return claimOnce(store, userId, {
    find: () => {
      const row = store.first(store.db.selectFrom('credit_links').selectAll().where('token', '=', token).where('is_active', '=', 1));
      return row && { id: row.id, credits: row.credits, name: row.token };
    },
    hasClaimed: (id) => !!store.first(store.db.selectFrom('credit_link_claims').select('id').where('user_id', '=', userId).where('link_id', '=', id)),
    recordClaim: (id, credits) => store.run(store.db.insertInto('credit_link_claims').values({ user_id: userId, link_id: id, credits_awarded: credits, claimed_at: nowIso() })),
    ledger: { type: 'link', reason: 'Credit link' },
  });
}

export function createLink(store: Store, input: { credits: number; description?: string; createdBy: string }): CreditLink {
  for (let attempt = 0; ; attempt++) {
    try {
      return store.first(
        store.db
          .insertInto('credit_links')
          .values({ token: linkToken(input.credits), credits: input.credits, description: input.description ?? null, created_by: input.createdBy, created_at: nowIso() })
          .returningAll(),
      )!;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/** Active links, newest first, each with its number of claims. */
export function listLinks(store: Store): CreditLinkListing[] {
  return store.all(
    store.db
      .selectFrom('credit_links as l')
      .leftJoin('users as u', 'u.id', 'l.created_by')
      .select((eb) => [
        'l.id', 'l.token', 'l.credits', 'l.description', 'l.created_by', 'u.email as created_by_email', 'l.created_at', 'l.is_active',
        eb.selectFrom('credit_link_claims as c').select((e) => e.fn.countAll<number>().as('n')).whereRef('c.link_id', '=', 'l.id').$asScalar().$notNull().as('claims'),
      ])
      .where('l.is_active', '=', 1)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc'),
  );
}

export function deactivateLink(store: Store, id: number): boolean {
  return store.run(store.db.updateTable('credit_links').set({ is_active: 0 }).where('id', '=', id).where('is_active', '=', 1)) > 0;
}

/** Undefined when the code exists already. */
export function createCode(store: Store, input: { code: string; credits: number; description?: string; createdBy: string; expiresAt?: string; maxRedemptions?: number }): CreditCode | undefined {
  try {
    return store.first(
      store.db
        .insertInto('credit_codes')
        .values({
          code: input.code, credits: input.credits, description: input.description ?? null, created_by: input.createdBy, created_at: nowIso(),
          expires_at: input.expiresAt ?? null, max_redemptions: input.maxRedemptions ?? null,
        })
        .returningAll(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export function listCodes(store: Store): CreditCodeListing[] {
  return store.all(
    store.db
      .selectFrom('credit_codes as k')
      .select((eb) => [
        'k.id', 'k.code', 'k.credits', 'k.description', 'k.is_active', 'k.created_by', 'k.created_at', 'k.expires_at', 'k.max_redemptions',
        eb.selectFrom('credit_code_claims as c').select((e) => e.fn.countAll<number>().as('n')).whereRef('c.code_id', '=', 'k.id').$asScalar().$notNull().as('claims'),
      ])
      .orderBy('k.created_at', 'desc')
      .orderBy('k.id', 'desc'),
  );
}

/** Code claims and link claims with the claimer's e-mail, newest first. */
export function listClaims(store: Store) {
  const codeClaims = store.all(
    store.db
      .selectFrom('credit_code_claims as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .innerJoin('credit_codes as k', 'k.id', 'c.code_id')
      .select(['c.id', 'u.email as user_email', 'k.code', 'k.credits', 'c.credits_awarded', 'c.claimed_at'])
      .orderBy('c.claimed_at', 'desc')
      .orderBy('c.id', 'desc'),
  );
  const linkClaims = store.all(
    store.db
      .selectFrom('credit_link_claims as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .innerJoin('credit_links as l', 'l.id', 'c.link_id')
      .select(['c.id', 'u.email as user_email', 'l.token', 'l.credits', 'c.credits_awarded', 'c.claimed_at'])
      .orderBy('c.claimed_at', 'desc')
      .orderBy('c.id', 'desc'),
  );
  return { code_claims: codeClaims, link_claims: linkClaims };
}

export function sqliteCodes(store: Store): CodeRepository {
  return {
    redeemCode: async (input) => redeemCode(store, input),
    claimLink: async (input) => claimLink(store, input),
    createCode: async (input) => createCode(store, input),
    listCodes: async () => listCodes(store),
    createLink: async (input) => createLink(store, input),
    listLinks: async () => listLinks(store),
    deactivateLink: async (id) => deactivateLink(store, id),
    deactivateCode: async (id) => store.run(store.db.updateTable('credit_codes').set({ is_active: 0 }).where('id', '=', id).where('is_active', '=', 1)) > 0,
    listClaims: async () => listClaims(store),
  };
}
