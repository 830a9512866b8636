// The route table's account routes (routes.ts joins the tables): the server's health, signing up and in, the
// signed-in user's own profile (ACCOUNT_ROUTES); what the account holds and pays for: its history, credits,
// checkout and payments, API keys (HOLDINGS_ROUTES).
import * as apiKeys from './api-keys.js';
import * as auth from './auth.js';
import { HealthResponseSchema, MessageResponseSchema, NumericIdParamsSchema, ReadyResponseSchema } from './common.js';
import * as credits from './credits.js';
import * as history from './history.js';
import * as me from './me.js';
import * as payments from './payments.js';
import type { RouteDef } from './route-def.js';

export const ACCOUNT_ROUTES = {
  'GET /health': { response: HealthResponseSchema },
  'GET /ready': { response: ReadyResponseSchema },

  'POST /auth/sign-up/email': { body: auth.SignUpBodySchema, response: auth.SignedInResponseSchema, status: 201 },
  'POST /auth/sign-in/email': {
    replyHeaders: ['Retry-After'],
    body: auth.SignInBodySchema,
    response: auth.SignedInResponseSchema,
  },
  'POST /auth/sign-out': { response: MessageResponseSchema },
  'GET /auth/get-session': { response: auth.GetSessionResponseSchema },
  'POST /auth/request-password-reset': { body: auth.ResetRequestBodySchema, response: MessageResponseSchema },
  'POST /auth/reset-password': { body: auth.ResetPasswordBodySchema, response: MessageResponseSchema },

  'GET /me': { response: me.MeResponseSchema },
  'PATCH /me': { body: me.ProfilePatchBodySchema, response: me.ProfileUpdatedResponseSchema },
  'POST /me/password': { body: me.PasswordChangeBodySchema, response: MessageResponseSchema },
  'PUT /me/lang': { body: me.LangBodySchema, response: me.MeResponseSchema },
  'GET /me/sign-in-notice': { response: me.SignInNoticeSchema },
  'DELETE /me/sign-in-notice': { response: me.SignInNoticeSchema },
} as const satisfies Record<string, RouteDef>;

export const HOLDINGS_ROUTES = {
  'GET /history': { query: history.HistoryQuerySchema, response: history.HistoryResponseSchema },
  'GET /history/:id': { params: NumericIdParamsSchema, response: history.HistoryItemSchema },
  'DELETE /history/:id': { params: NumericIdParamsSchema, response: MessageResponseSchema },

  'POST /credits/redeem': {
    replyHeaders: ['Retry-After'],
    body: credits.RedeemBodySchema,
    response: credits.CreditsGrantedResponseSchema,
  },
  'POST /credits/claim': {
    replyHeaders: ['Retry-After'],
    body: credits.ClaimBodySchema,
    response: credits.CreditsGrantedResponseSchema,
  },

  'POST /checkout': { body: payments.CheckoutBodySchema, response: payments.CheckoutResponseSchema },
  'GET /checkout/sessions/:sessionId': {
    params: payments.CheckoutSessionParamsSchema,
    response: payments.PurchaseStatusSchema,
  },
  // Called by Stripe with its signed event as the raw body (never by the studio).
  'POST /payments/webhook': { response: payments.WebhookResponseSchema },
  'GET /payments/options': { response: payments.PaymentOptionsSchema },

  'GET /api-keys': { response: apiKeys.ApiKeysResponseSchema },
  'POST /api-keys': { body: apiKeys.NewApiKeyBodySchema, response: apiKeys.ApiKeyCreatedSchema, status: 201 },
  'DELETE /api-keys/:id': { params: NumericIdParamsSchema, response: MessageResponseSchema },
} as const satisfies Record<string, RouteDef>;
