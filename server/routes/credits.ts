// /api/credits: redeem a credit code (trimmed, upper-cased) and claim a credit link, once per user.
import { type CreditsGrantedResponse } from '../../engine/contract/index.js';
import type { AppContext } from '../core/context.js';
import type { ClaimResult } from '../store/ports.js';
import type { Lang } from '../../engine/index.js';
import { ApiError, messageIn, tooMany, type MessageCode } from '../errors/api-error.js';
import { requestLang, requireUser, sessionOf } from '../auth/middleware.js';
import { ApiRoutes } from '../http/routes.js';

function answer(
  result: ClaimResult,
  codes: { success: MessageCode; invalid: MessageCode; already: MessageCode },
  lang: Lang,
): CreditsGrantedResponse {
  if (result.status === 'invalid') throw ApiError.of(404, codes.invalid);
  // This user made this claim before: say so (409 already_claimed), not "invalid or expired".
  if (result.status === 'already_claimed') {
    const error = ApiError.of(409, codes.already);
    throw Object.assign(new ApiError(409, 'already_claimed', error.message), { wording: error.wording });
  }
  return {
    message: messageIn(codes.success, lang),
    credits_awarded: result.credits,
    credits_available: result.balance.next,
  };
}

export function creditRoutes(ctx: AppContext): ApiRoutes {
  const { repos, config } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth));
  // Every claim attempt (codes and links together) takes a token from the user's bucket: a code cannot be guessed by
  // trying.
  router.use(async (req, res, next) => {
    const take = await repos.limits.take({
      key: `claim:${sessionOf(req).user.id}`,
      capacity: config.claimRate.burst,
      refillMs: config.claimRate.refillMs,
    });
    if (take.isAllowed) return next();
    return next(tooMany(res, take.retryAfterMs));
  });

  router.on('POST /credits/redeem', async (req, res) => {
    const { code } = req.input.body;
    const result = await repos.codes.redeemCode({ userId: sessionOf(req).user.id, code });
    res.json(
      answer(
        result,
        { success: 'code_redeemed', invalid: 'invalid_code', already: 'code_already_redeemed' },
        requestLang(req),
      ),
    );
  });

  router.on('POST /credits/claim', async (req, res) => {
    const { token } = req.input.body;
    const result = await repos.codes.claimLink({ userId: sessionOf(req).user.id, token });
    res.json(
      answer(
        result,
        { success: 'link_claimed', invalid: 'invalid_link', already: 'link_already_claimed' },
        requestLang(req),
      ),
    );
  });

  return router;
}
