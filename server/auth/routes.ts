// /api/auth: sign-up, sign-in (remember me), sign-out, session, password reset by e-mail (in the account's language).
// Unknown e-mail and wrong password answer alike (same message, same scrypt work); a reset request
// answers the same for known and unknown addresses, and at most once a minute per address.
import { randomBytes } from 'node:crypto';
import { type Request, type Response } from 'express';
import { type SessionInfo } from '../../engine/contract/index.js';
import type { AppContext } from '../core/context.js';
import type { ServerConfig } from '../core/config.js';
import { attemptWait, normaliseEmail, toProfile } from '../store/model.js';
import { ApiError, messageIn } from '../errors/api-error.js';
import { bucketOf, storeLimiter, tooMany } from '../http/security.js';
import type { AttemptRule } from '../store/ports.js';
import { claimAll, giveBack, signInNoticeKey, type Claim } from './attempts.js';
import { authOf, forgetSession, requestLang } from './middleware.js';
import { hashPassword, needsRehash, verifyPassword } from './password.js';
import { clearSessionCookie, createSession, hashToken, setSessionCookie } from './sessions.js';
import { resetPasswordMail } from './emails.js';
import { refuseCommonPassword } from './common-passwords.js';
import { ApiRoutes } from '../http/routes.js';

export const RESET_TOKEN_MS = 60 * 60 * 1000;
export { MIN_PASSWORD } from '../../engine/contract/index.js';

/** How long (ms) the next sign-in attempt must still wait after the failures counted (see AttemptRule). */
export const signInWait = (
  counted: { failures: number; lastFailureAt: number } | null,
  rule: AttemptRule,
  now = Date.now(),
): number => attemptWait(counted, rule, now);

/**
 * What one sign-in attempt counts against: the account from this IP (signInThrottle), the account from
 * any address (signInPerEmail free, then a delay doubling from signInThrottle's base up to the per-account
 * window's steady pace, so the owner never waits long) and this IP across accounts (signIn).
 */
export function signInClaims(config: ServerConfig, email: string, ip: string): Claim[] {
  const perEmail = config.rateLimits.signInPerEmail;
  const { baseDelayMs } = config.signInThrottle;
  const maxDelayMs = Math.max(baseDelayMs, perEmail.windowMs / Math.max(1, perEmail.limit));
  const accountRule = { freeAttempts: perEmail.limit, baseDelayMs, maxDelayMs };
  return [
    { key: `signin:${email}|${ip}`, rule: config.signInThrottle },
    { key: `signin-account:${email}`, rule: accountRule },
    { key: `signin-ip:${ip}`, bucket: bucketOf(config.rateLimits.signIn) },
  ];
}

/** One hash to verify against when the e-mail is unknown, so both failures cost the same. */
function dummyHash(ctx: AppContext): Promise<string> {
  const cached = dummyHashes.get(ctx);
  if (cached) return cached;
  const made = hashPassword(randomBytes(16).toString('hex'), ctx.config.scryptLogN);
  dummyHashes.set(ctx, made);
  return made;
}
const dummyHashes = new WeakMap<AppContext, Promise<string>>();

function sessionJson(expiresAt: number, isRemembered: boolean): SessionInfo {
  return { expires_at: new Date(expiresAt).toISOString(), is_remembered: isRemembered };
}

export function authRoutes(ctx: AppContext): ApiRoutes {
  const router = new ApiRoutes();
  // Made now, so the first sign-in with an unknown e-mail costs no more than later ones.
  dummyHash(ctx).catch((error: unknown) =>
    ctx.logger.error({ err: error }, 'could not prepare the dummy password hash'),
  );
  addSessionRoutes(ctx, router);
  addPasswordResetRoutes(ctx, router);
  return router;
}

/** An account's sessions: signing up, in and out, and the session a browser has. */
function addSessionRoutes(ctx: AppContext, router: ApiRoutes): void {
  const { repos, config, logger } = ctx;
  type SessionStart = { userId: string; isRemembered: boolean };
  const startSession = (req: Request, res: Response, input: SessionStart) => startBrowserSession(ctx, req, res, input);
  const signUpLimit = storeLimiter(repos.limits, {
    rate: config.rateLimits.signUp,
    key: (req) => `signup-ip:${req.ip ?? ''}`,
  });

  router.on('POST /auth/sign-up/email', signUpLimit, async (req, res) => {
    const body = req.input.body;
    await refuseCommonPassword({ password: body.password, field: 'password', lang: body.lang ?? requestLang(req) });
    if (await repos.users.findByEmail(body.email)) throw ApiError.of(409, 'email_taken');
    const isAdminAddress = adminSignUp(ctx, body.email, req.ip);
    const passwordHash = await hashPassword(body.password, config.scryptLogN);
    const role = isAdminAddress ? 'admin' : 'free';
    const named = { ...(body.name ? { name: body.name } : {}), ...(body.lang ? { lang: body.lang } : {}) };
    const user = await repos.users.create({ email: body.email, passwordHash, role, ...named });
    if (!user) throw ApiError.of(409, 'email_taken');
    const session = await startSession(req, res, { userId: user.id, isRemembered: body.rememberMe ?? true });
    logger.info({ userId: user.id, role }, 'account created');
    res.status(201).json({ message: messageIn('account_created', user.lang), user: toProfile(user), session });
  });

  router.on('POST /auth/sign-in/email', async (req, res) => {
    const body = req.input.body;
    // Taken before the password is checked (see attempts.ts): per account and IP (wrong passwords from
    // elsewhere slow down only their sender), per account from any address (a wider allowance, each
    // further attempt waiting longer: never a lockout) and per IP across accounts.
    const claims = await claimSignIn(ctx, res, normaliseEmail(body.email), req.ip ?? '');
    const user = await repos.users.findByEmail(body.email);
    const stored = user ? await repos.auth.passwordHashOf(user.id) : undefined;
    const isValid = await verifyPassword(body.password, stored ?? (await dummyHash(ctx)));
    if (!user || !stored || !isValid) throw ApiError.of(401, 'invalid_credentials');
    await giveBack(repos.limits, claims);
    // The sender's own earlier typos are forgotten too.
    await repos.limits.clearFailures(claims[0]!.key);
    if (needsRehash(stored, config.scryptLogN)) {
      const hash = await hashPassword(body.password, config.scryptLogN);
      await repos.auth.setPasswordHash({ userId: user.id, hash });
    }
    const session = await startSession(req, res, { userId: user.id, isRemembered: body.rememberMe ?? true });
    res.json({ message: messageIn('signed_in', user.lang), user: toProfile(user), session });
  });

  router.on('POST /auth/sign-out', async (req, res) => {
    const session = (await authOf(repos.auth, req)).session;
    if (session) await repos.auth.deleteSession(session.sessionId);
    forgetSession(req);
    clearSessionCookie(req, res);
    res.json({ message: messageIn('signed_out', requestLang(req)) });
  });

  router.on('GET /auth/get-session', async (req, res) => {
    const auth = await authOf(repos.auth, req);
    if (!auth.session) {
      if (auth.hasCookie) clearSessionCookie(req, res);
      res.json({ user: null, session: null });
      return;
    }
    const { user, expiresAt, isRemembered } = auth.session;
    res.json({ user: toProfile(user), session: sessionJson(expiresAt, isRemembered) });
  });
}

/** A forgotten password: the link asked for by e-mail, and the new password set with its token. */
function addPasswordResetRoutes(ctx: AppContext, router: ApiRoutes): void {
  const { repos, config, logger } = ctx;
  const requestLimit = storeLimiter(repos.limits, {
    rate: config.rateLimits.resetRequest,
    key: (req) => `reset-ip:${req.ip ?? ''}`,
  });
  const resetLimit = storeLimiter(repos.limits, {
    rate: config.rateLimits.signIn,
    key: (req) => `reset-token-ip:${req.ip ?? ''}`,
  });

  router.on('POST /auth/request-password-reset', requestLimit, async (req, res) => {
    const { email } = req.input.body;
    const address = normaliseEmail(email);
    const now = Date.now();
    // One request per address per minute, on every instance (kept in the store), known or not alike.
    if (config.rateLimits.resetPerEmailMs > 0) {
      const refillMs = config.rateLimits.resetPerEmailMs;
      const taken = await repos.limits.take({ key: `reset-email:${address}`, capacity: 1, refillMs, now });
      if (!taken.isAllowed) {
        throw tooMany(res, taken.retryAfterMs, 'reset_too_soon');
      }
    }
    res.json({ message: messageIn('reset_sent', requestLang(req)) });
    // After the answer, so a known address answers exactly as fast as an unknown one.
    setImmediate(() => {
      sendResetLink(ctx, address, now).catch((error: unknown) =>
        logger.error({ err: error }, 'failed to prepare the password reset e-mail'),
      );
    });
  });

  router.on('POST /auth/reset-password', resetLimit, async (req, res) => {
    const body = req.input.body;
    await refuseCommonPassword({ password: body.newPassword, field: 'newPassword', lang: requestLang(req) });
    const tokenHash = hashToken(body.token);
    const found = await repos.auth.findPasswordReset(tokenHash);
    if (!found || found.isUsed) throw ApiError.of(400, 'reset_invalid');
    if (found.expiresAt <= Date.now()) throw ApiError.of(400, 'reset_expired');
    const passwordHash = await hashPassword(body.newPassword, config.scryptLogN);
    // Consume the token and change the password in one transaction: a token works exactly once.
    const userId = await repos.auth.resetPassword({ tokenHash, hash: passwordHash });
    if (!userId) throw ApiError.of(400, 'reset_invalid');
    const revokedKeys = body.revokeApiKeys === false ? 0 : await repos.apiKeys.revokeAll(userId);
    forgetSession(req);
    clearSessionCookie(req, res);
    logger.info({ userId, revokedKeys }, 'password reset; every session of the account ended');
    res.json({ message: messageIn('password_updated', requestLang(req)) });
  });
}

/** A new session (a new token) for this browser, replacing the one it had; answers its JSON. */
async function startBrowserSession(
  ctx: AppContext,
  req: Request,
  res: Response,
  input: { userId: string; isRemembered: boolean },
): Promise<SessionInfo> {
  const { repos } = ctx;
  const previous = (await authOf(repos.auth, req)).session;
  if (previous) await repos.auth.deleteSession(previous.sessionId);
  const session = await createSession(repos.auth, { ...input, ip: req.ip, userAgent: req.get('user-agent') });
  setSessionCookie(req, res, session, input.isRemembered);
  forgetSession(req);
  return sessionJson(session.expiresAt, input.isRemembered);
}

/**
 * Whether a sign-up is the administrator's: its address is; made at start when KARYA_ADMIN_PASSWORD is set (taken,
 * like any address), else signed up only from the server's own machine (the client address after the proxy rule):
 * 409 email_taken otherwise.
 */
function adminSignUp(ctx: AppContext, email: string, ip: string | undefined): boolean {
  const { config, logger } = ctx;
  const isAdminAddress = config.adminEmail !== undefined && normaliseEmail(email) === config.adminEmail;
  if (isAdminAddress && (config.adminPassword !== undefined || !isLoopbackAddress(ip))) {
    logger.warn({ ip }, "sign-up with the administrator's address refused (not from this machine, or made at start)");
    throw ApiError.of(409, 'email_taken');
  }
  return isAdminAddress;
}

/**
 * A sign-in attempt's claims taken (signInClaims), or 429 with Retry-After; the claims, to give back when the
 * password is right.
 */
async function claimSignIn(ctx: AppContext, res: Response, email: string, ip: string): Promise<Claim[]> {
  const { repos, config } = ctx;
  const claims = signInClaims(config, email, ip);
  const claimed = await claimAll(repos.limits, claims);
  if (!claimed.isAllowed) {
    // Slowed for the account as a whole: its owner is told in the studio (GET /api/me/sign-in-notice).
    if (claimed.refused === claims[1]) await repos.limits.recordFailure({ key: signInNoticeKey(email) });
    throw tooMany(res, claimed.retryAfterMs);
  }
  return claims;
}

/** A reset link mailed to the address, in the account's language, when an account has it (nothing otherwise). */
async function sendResetLink(ctx: AppContext, address: string, now: number): Promise<void> {
  const { repos, config, logger } = ctx;
  const user = await repos.users.findByEmail(address);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + RESET_TOKEN_MS;
  await repos.auth.createPasswordReset({ tokenHash: hashToken(token), userId: user.id, expiresAt });
  const link = `${config.publicUrl}/reset-password?type=recovery&token=${encodeURIComponent(token)}`;
  // In the account's language, whatever language the page that asked for it spoke.
  ctx.mailer
    .send(resetPasswordMail({ to: user.email, link, lang: user.lang }))
    .catch((error: unknown) => logger.error({ err: error }, 'failed to send the password reset e-mail'));
}

/**
 * True for a client on this machine: 127.0.0.0/8, ::1 or their IPv4-mapped form (req.ip after the trusted-proxy
 * rule).
 */
export function isLoopbackAddress(ip: string | undefined): boolean {
  const address = (ip ?? '').replace(/^::ffff:/i, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === '::1';
}
