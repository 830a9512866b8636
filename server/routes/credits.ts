// /api/credits: redeem a credit code (trimmed, upper-cased) and claim a credit link, once per user.
import { Router } from 'express';
import { ClaimBodySchema, RedeemBodySchema, type CreditsGrantedResponse } from '../../engine/contract/index.js';
import type { AppContext } from '../context.js';
import type { ClaimResult } from '../store/ports.js';
import { ApiError, MESSAGES, type MessageCode } from '../http/errors.js';
import type { Reply } from '../http/contract.js';
import { parse } from '../http/validate.js';
import { requireUser, sessionOf } from '../auth/middleware.js';

function answer(result: ClaimResult, success: MessageCode, invalid: MessageCode): CreditsGrantedResponse {
  if (result.status === 'invalid') throw ApiError.of(404, invalid);
  // The claim was already made by this user: the same message as an invalid one (spec/ has no other).
  if (result.status === 'already_claimed') throw new ApiError(409, 'already_claimed', MESSAGES[invalid]);
  return { message: MESSAGES[success], credits_awarded: result.credits, credits_available: result.balance.next };
}

export function creditRoutes(ctx: AppContext): Router {
  const { repos } = ctx;
  const router = Router();
  router.use(requireUser(repos.auth));

  router.post('/redeem', async (req, res: Reply<'POST /credits/redeem'>) => {
    const { code } = parse(RedeemBodySchema, req.body);
    res.json(answer(await repos.codes.redeemCode({ userId: sessionOf(req).user.id, code }), 'code_redeemed', 'invalid_code'));
  });

  router.post('/claim', async (req, res: Reply<'POST /credits/claim'>) => {
    const { token } = parse(ClaimBodySchema, req.body);
    res.json(answer(await repos.codes.claimLink({ userId: sessionOf(req).user.id, token }), 'link_claimed', 'invalid_link'));
  });

  return router;
}
