// Work a server does once at start, before it answers: the recovery of what the last stop interrupted (refunds,
// dead leases, story bibles cut off), expired sessions and old rate counters dropped, the KARYA_ADMIN_EMAIL
// account made administrator (or taken over with KARYA_ADMIN_PASSWORD), and the deployment record.
import { catchUpBible } from './core/bible-catch-up.js';
import { resumeBibleBuilds } from './core/bible-parts.js';
import type { AppContext } from './core/context.js';
import { PROCESS_ID } from './core/edition-lease.js';
import { hashPassword, verifyPassword } from './auth/password.js';

/**
 * How long an untouched rate bucket or sign-in failure counter is kept: far longer than any bucket takes
 * to refill or any sign-in delay lasts, so forgetting it changes nothing.
 */
export const LIMITS_KEPT_MS = 24 * 60 * 60 * 1000;

/** Work done once at start: crash recovery, the administrator account, the deployment record. */
export async function prepareStore(ctx: AppContext): Promise<void> {
  const { repos, config, logger } = ctx;
  // With the job queue, a step interrupted by a stopped process is retried or refunded by the queue (other
  // instances' steps are running now); the single server refunds what its own last stop interrupted (the server
  // before it has exited: startServer holds the SQLite file's owner lock before this runs).
  if (!ctx.steps) {
    const refunded = await repos.generations.refundInterrupted();
    if (refunded) logger.warn({ refunded }, 'refunded generations interrupted by the last stop');
    // The edition runs of the last stop held leases a new start would wait for: one server opens this store (it
    // holds the file's owner lock: startServer), so every lease not this process's is a dead run's (its undelivered
    // part was refunded just above).
    await repos.editionLeases.sweep({ now: Date.now(), process: PROCESS_ID });
    // So are the writers' fair-share leases left in it (server/http/security.ts): a killed server's requests ended with
    // it, and its writers are served at once rather than refused until the leases expire.
    const dropped = await repos.shareLeases.dropAll();
    if (dropped) logger.info({ dropped }, 'fair-share leases of the last stop dropped');
    // Their requests were refunded above: a retry with the same Idempotency-Key runs again.
    await repos.idempotency.releaseRunning();
    // An imported book's story bible cut off by the stop goes on, paid from the credits still held for it.
    const resumed = await resumeBibleBuilds(ctx, (input) => catchUpBible(ctx, input));
    if (resumed) logger.info({ resumed }, 'story bible builds of imported books cut off by the last stop go on');
  }
  await repos.auth.deleteExpiredSessions();
  await repos.limits.prune({ olderThan: Date.now() - LIMITS_KEPT_MS });
  if (config.adminEmail) await prepareAdministrator(ctx, config.adminEmail);
  const deployment = await repos.system.recordStart({ version: config.version, url: config.publicUrl });
  if (deployment) logger.info({ version: deployment.version }, 'new version: deployment recorded');
}

/**
 * The KARYA_ADMIN_EMAIL account. With KARYA_ADMIN_PASSWORD (hashed; never logged) that password is the
 * administrator's: the account is made when missing; an existing one is promoted as it is only when its password
 * already is that one, and otherwise taken over (the password replaced, its sessions and API keys ended), since
 * whoever signed the address up first must not keep the administrator. Without the password an account is
 * administrator only when it was made so (a sign-up from this machine): an older one is left as it is and the
 * log says how to take it over.
 */
async function prepareAdministrator(ctx: AppContext, email: string): Promise<void> {
  const { repos, config, logger } = ctx;
  let existing = await repos.users.findByEmail(email);
  if (config.adminPassword === undefined) {
    if (!existing) {
      logger.info(
        { email },
        `no administrator account yet: sign up with ${email} from this machine ` +
          `(${config.publicUrl}/signup opened here, or through an SSH tunnel), ` +
          `or set KARYA_ADMIN_PASSWORD (or KARYA_ADMIN_PASSWORD_FILE) and restart`,
      );
    } else if (existing.role !== 'admin') {
      logger.warn(
        { email },
        `KARYA_ADMIN_EMAIL: the account ${email} was signed up before it was the ` +
          `administrator's address and is NOT made administrator (whoever signed it up ` +
          `holds its password); set KARYA_ADMIN_PASSWORD (or KARYA_ADMIN_PASSWORD_FILE) and ` +
          `restart: that password replaces the account's and ends its sessions and API keys`,
      );
    }
    return;
  }
  if (!existing) {
    const made = await repos.users.create({
      email,
      passwordHash: await hashPassword(config.adminPassword, config.scryptLogN),
      role: 'admin',
    });
    if (made) return void logger.info({ email }, 'administrator account made from KARYA_ADMIN_PASSWORD');
    // Another instance made it meanwhile.
    existing = await repos.users.findByEmail(email);
    if (!existing) return;
  }
  const stored = await repos.auth.passwordHashOf(existing.id);
  if (stored !== undefined && (await verifyPassword(config.adminPassword, stored))) {
    const admin = await repos.users.promoteToAdmin({ email, reason: 'KARYA_ADMIN_EMAIL account made administrator' });
    if (admin)
      logger.info(
        { email: admin.email },
        'KARYA_ADMIN_EMAIL account is now the administrator (its password is KARYA_ADMIN_PASSWORD)',
      );
    return;
  }
  const taken = await repos.users.takeOverAsAdmin({
    email,
    passwordHash: await hashPassword(config.adminPassword, config.scryptLogN),
    reason: 'KARYA_ADMIN_EMAIL account taken over with KARYA_ADMIN_PASSWORD',
  });
  if (taken) {
    logger.warn(
      { email, wasAdmin: existing.role === 'admin', sessionsEnded: taken.sessions, apiKeysRevoked: taken.apiKeys },
      `KARYA_ADMIN_EMAIL: the account ${email} had a password other than ` +
        `KARYA_ADMIN_PASSWORD: its password is now KARYA_ADMIN_PASSWORD, its ${taken.sessions} ` +
        `session(s) and ${taken.apiKeys} API key(s) are ended, and it is the administrator`,
    );
  }
}
