// /api/me: the signed-in user's profile, profile edits (name, bio) and password change (verifies the
// current password; other sessions end).
import { type SignInNotice } from '../../engine/contract/index.js';
import type { AppContext } from '../core/context.js';
import { normaliseEmail, toProfile } from '../store/model.js';
import { ApiError, messageIn } from '../errors/api-error.js';
import { bucketOf, tooMany } from '../http/security.js';
import { requireUser, sessionOf } from '../auth/middleware.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { claimAll, giveBack, signInNoticeKey } from '../auth/attempts.js';
import { refuseCommonPassword } from '../auth/common-passwords.js';
import { ApiRoutes } from '../http/routes.js';

export function meRoutes(ctx: AppContext): ApiRoutes {
  const { repos, config } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth));

  router.on('GET /me', (req, res) => {
    res.json(toProfile(sessionOf(req).user));
  });

  router.on('PATCH /me', async (req, res) => {
    const patch = req.input.body;
    const user = await repos.users.updateProfile({ userId: sessionOf(req).user.id, ...patch });
    if (!user) throw ApiError.of(404, 'user_not_found');
    res.json({ message: messageIn('profile_updated', user.lang), user: toProfile(user) });
  });

  router.on('PUT /me/lang', async (req, res) => {
    const { lang } = req.input.body;
    const user = await repos.users.updateProfile({ userId: sessionOf(req).user.id, lang });
    if (!user) throw ApiError.of(404, 'user_not_found');
    res.json(toProfile(user));
  });

  // The owner is told when sign-in to their account was slowed down by wrong passwords from elsewhere.
  const noticeOf = async (email: string): Promise<SignInNotice> => {
    const counted = await repos.limits.failures(signInNoticeKey(normaliseEmail(email)));
    return counted
      ? { slowed_at: new Date(counted.lastFailureAt).toISOString(), held_back: counted.failures }
      : { slowed_at: null, held_back: 0 };
  };
  router.on('GET /me/sign-in-notice', async (req, res) => {
    res.json(await noticeOf(sessionOf(req).user.email));
  });
  router.on('DELETE /me/sign-in-notice', async (req, res) => {
    await repos.limits.clearFailures(signInNoticeKey(normaliseEmail(sessionOf(req).user.email)));
    res.json({ slowed_at: null, held_back: 0 });
  });

  // Each attempt takes its token from the store (shared by every instance, kept across restarts), per
  // account, before the current password is checked, and gives it back when it was right: a stolen session
  // cannot guess the password faster than sign-in allows, even with requests sent at once.
  router.on('POST /me/password', async (req, res) => {
    const body = req.input.body;
    const { user, sessionId } = sessionOf(req);
    const claims = [{ key: `password:${user.id}`, bucket: bucketOf(config.rateLimits.signInPerEmail) }];
    const claimed = await claimAll(repos.limits, claims);
    if (!claimed.isAllowed) throw tooMany(res, claimed.retryAfterMs);
    const stored = await repos.auth.passwordHashOf(user.id);
    if (!stored || !(await verifyPassword(body.currentPassword, stored))) {
      throw ApiError.of(400, 'current_password_wrong', {
        currentPassword: messageIn('current_password_wrong', user.lang),
      });
    }
    await giveBack(repos.limits, claims);
    await refuseCommonPassword({ password: body.newPassword, field: 'newPassword', lang: user.lang });
    const hash = await hashPassword(body.newPassword, config.scryptLogN);
    await repos.auth.changePassword({ userId: user.id, hash, keepSessionId: sessionId });
    // A changed password ends the account's API keys too (a leaked password may have made them), unless the writer
    // keeps them.
    if (body.revokeApiKeys !== false) await repos.apiKeys.revokeAll(user.id);
    res.json({ message: messageIn('password_updated', user.lang) });
  });

  return router;
}
