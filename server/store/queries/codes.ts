// Credit codes and credit links, once for both databases: create, list with claim counts, deactivate,
// and claim. A claim is one transaction (find, record the claim, add the credits) and unique per user,
// so two claims of the same code or link by one user, however concurrent, grant once; a capped code is
// locked while it is counted, so concurrent claims by different users queue and the cap holds.
import { randomInt } from 'node:crypto';
import type { ClaimResult, CodeRepository, CreditCode } from '../ports.js';
import { all, first, firstLocked, isUniqueViolation, nowIso, run, transaction, type Db, type Exec, type Program } from './run.js';
import { changeCredits } from './users.js';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `CREDIT300-7QX2M9KD`: a label and the amount, a dash, 8 random upper-case alphanumerics. */
export function linkToken(credits: number): string {
  let suffix = '';
  for (let i = 0; i < 8; i++) suffix += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `CREDIT${credits}-${suffix}`;
}

/** What differs between claiming a code and claiming a link; the claim itself is shared. */
interface ClaimSource {
  /** The active code or link, or undefined. */
  find(): Program<{ id: number; credits: number; name: string } | undefined>;
  hasClaimed(id: number): Program<unknown>;
  recordClaim(id: number, credits: number): Program<number>;
  ledger: { type: 'code' | 'link'; reason: string };
}

function* claimOnce(db: Db, userId: string, source: ClaimSource): Program<ClaimResult> {
  try {
    return yield* transaction(function* (): Program<ClaimResult> {
      const row = yield* source.find();
      if (!row) return { status: 'invalid' };
      if (yield* source.hasClaimed(row.id)) return { status: 'already_claimed' };
      yield* source.recordClaim(row.id, row.credits);
      const { type, reason } = source.ledger;
      const balance = yield* changeCredits(db, { userId, amount: row.credits, type, reason: `${reason} ${row.name}`, reference: `${type}:${row.id}` });
      if (!balance) throw new Error(`user ${userId} vanished during a ${type} claim`);
      return { status: 'granted', credits: row.credits, balance };
    });
  } catch (error) {
    // A concurrent claim by the same user lost the race on the unique (user, code|link) constraint.
    if (isUniqueViolation(error)) return { status: 'already_claimed' };
    throw error;
  }
}

function redeemCode(db: Db, { userId, code }: { userId: string; code: string }): Program<ClaimResult> {
  return claimOnce(db, userId, {
    find: function* () {
      const row = yield* firstLocked(db.selectFrom('credit_codes').selectAll().where('code', '=', code).where('is_active', '=', 1));
      if (!row) return undefined;
      if (row.expires_at !== null && row.expires_at <= nowIso()) return undefined;
      if (row.max_redemptions !== null) {
        const used = Number((yield* first(db.selectFrom('credit_code_claims').select((e) => e.fn.countAll<number>().as('n')).where('code_id', '=', row.id)))?.n ?? 0);
        if (used >= row.max_redemptions) return undefined;
      }
      return { id: row.id, credits: row.credits, name: row.code };
    },
    hasClaimed: (id) => first(db.selectFrom('credit_code_claims').select('id').where('user_id', '=', userId).where('code_id', '=', id)),
    recordClaim: (id, credits) => run(db.insertInto('credit_code_claims').values({ user_id: userId, code_id: id, credits_awarded: credits, claimed_at: nowIso() })),
    ledger: { type: 'code', reason: 'Credit code' },
  });
}

function claimLink(db: Db, { userId, token }: { userId: string; token: string }): Program<ClaimResult> {
  return claimOnce(db, userId, {
    find: function* () {
      const row = yield* first(db.selectFrom('credit_links').selectAll().where('token', '=', token).where('is_active', '=', 1));
      return row && { id: row.id, credits: row.credits, name: row.token };
    },
    hasClaimed: (id) => first(db.selectFrom('credit_link_claims').select('id').where('user_id', '=', userId).where('link_id', '=', id)),
    recordClaim: (id, credits) => run(db.insertInto('credit_link_claims').values({ user_id: userId, link_id: id, credits_awarded: credits, claimed_at: nowIso() })),
    ledger: { type: 'link', reason: 'Credit link' },
  });
}

/** Undefined when the code exists already. */
function* createCode(db: Db, input: Parameters<CodeRepository['createCode']>[0]): Program<CreditCode | undefined> {
  try {
    return yield* first(
      db
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

function* createLink(db: Db, input: Parameters<CodeRepository['createLink']>[0]) {
  for (let attempt = 0; ; attempt++) {
    try {
      const row = yield* first(
        db
          .insertInto('credit_links')
          .values({ token: linkToken(input.credits), credits: input.credits, description: input.description ?? null, created_by: input.createdBy, created_at: nowIso() })
          .returningAll(),
      );
      return row!;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/** Code claims and link claims with the claimer's e-mail, newest first. */
function* listClaims(db: Db) {
  const codeClaims = yield* all(
    db.selectFrom('credit_code_claims as c').innerJoin('users as u', 'u.id', 'c.user_id').innerJoin('credit_codes as k', 'k.id', 'c.code_id')
      .select(['c.id', 'u.email as user_email', 'k.code', 'k.credits', 'c.credits_awarded', 'c.claimed_at']).orderBy('c.claimed_at', 'desc').orderBy('c.id', 'desc'),
  );
  const linkClaims = yield* all(
    db.selectFrom('credit_link_claims as c').innerJoin('users as u', 'u.id', 'c.user_id').innerJoin('credit_links as l', 'l.id', 'c.link_id')
      .select(['c.id', 'u.email as user_email', 'l.token', 'l.credits', 'c.credits_awarded', 'c.claimed_at']).orderBy('c.claimed_at', 'desc').orderBy('c.id', 'desc'),
  );
  return { code_claims: codeClaims, link_claims: linkClaims };
}

export function codeRepository(db: Db, exec: Exec): CodeRepository {
  const deactivate = (table: 'credit_codes' | 'credit_links', id: number) =>
    exec(run(db.updateTable(table).set({ is_active: 0 }).where('id', '=', id).where('is_active', '=', 1))).then((n) => n > 0);
  return {
    redeemCode: (input) => exec(redeemCode(db, input)),
    claimLink: (input) => exec(claimLink(db, input)),
    createCode: (input) => exec(createCode(db, input)),
    listCodes: () =>
      exec(
        all(
          db
            .selectFrom('credit_codes as k')
            .select((eb) => [
              'k.id', 'k.code', 'k.credits', 'k.description', 'k.is_active', 'k.created_by', 'k.created_at', 'k.expires_at', 'k.max_redemptions',
              eb.selectFrom('credit_code_claims as c').select((e) => e.fn.countAll<number>().as('n')).whereRef('c.code_id', '=', 'k.id').$asScalar().$notNull().as('claims'),
            ])
            .orderBy('k.created_at', 'desc')
            .orderBy('k.id', 'desc'),
        ),
      ),
    createLink: (input) => exec(createLink(db, input)),
    // Active links, newest first, each with its number of claims.
    listLinks: () =>
      exec(
        all(
          db
            .selectFrom('credit_links as l')
            .leftJoin('users as u', 'u.id', 'l.created_by')
            .select((eb) => [
              'l.id', 'l.token', 'l.credits', 'l.description', 'l.created_by', 'u.email as created_by_email', 'l.created_at', 'l.is_active',
              eb.selectFrom('credit_link_claims as c').select((e) => e.fn.countAll<number>().as('n')).whereRef('c.link_id', '=', 'l.id').$asScalar().$notNull().as('claims'),
            ])
            .where('l.is_active', '=', 1)
            .orderBy('l.created_at', 'desc')
            .orderBy('l.id', 'desc'),
        ),
      ),
    deactivateLink: (id) => deactivate('credit_links', id),
    deactivateCode: (id) => deactivate('credit_codes', id),
    listClaims: () => exec(listClaims(db)),
  };
}
