// The route table: every /api route of the areas above, keyed `"METHOD /path"` (the path after /api,
// with Express-style `:params`), with the schemas of its params, query, body and answer (or its
// server-sent events). The studio's client is typed from it; tests/contract checks the server
// against it. The book routes (generation, progress) are described in books.ts.
import type * as z from 'zod';
import * as admin from './admin.js';
import * as auth from './auth.js';
import { HealthResponse, MessageResponse, NumericIdParams } from './common.js';
import * as credits from './credits.js';
import * as generators from './generators.js';
import * as history from './history.js';
import * as me from './me.js';

/** What the contract says about one route. */
export interface RouteDef {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The JSON answer on success (absent for an event stream). */
  readonly response?: z.ZodType;
  /** The success status when it is not 200. */
  readonly status?: 201;
  /** An event stream: event name → schema of its data. */
  readonly events?: Readonly<Record<string, z.ZodType>>;
}

export const ROUTES = {
  'GET /health': { response: HealthResponse },

  'POST /auth/sign-up/email': { body: auth.SignUpBody, response: auth.SignedInResponse, status: 201 },
  'POST /auth/sign-in/email': { body: auth.SignInBody, response: auth.SignedInResponse },
  'POST /auth/sign-out': { response: MessageResponse },
  'GET /auth/get-session': { response: auth.GetSessionResponse },
  'POST /auth/request-password-reset': { body: auth.ResetRequestBody, response: MessageResponse },
  'POST /auth/reset-password': { body: auth.ResetPasswordBody, response: MessageResponse },

  'GET /me': { response: me.MeResponse },
  'PATCH /me': { body: me.ProfilePatchBody, response: me.ProfileUpdatedResponse },
  'POST /me/password': { body: me.PasswordChangeBody, response: MessageResponse },

  'GET /generators': { response: generators.GeneratorsResponse },
  'GET /generators/:id': { params: generators.GeneratorIdParams, response: generators.GeneratorForm },

  'GET /history': { query: history.HistoryQuery, response: history.HistoryResponse },
  'DELETE /history/:id': { params: NumericIdParams, response: MessageResponse },

  'POST /credits/redeem': { body: credits.RedeemBody, response: credits.CreditsGrantedResponse },
  'POST /credits/claim': { body: credits.ClaimBody, response: credits.CreditsGrantedResponse },

  'GET /admin/users': { response: admin.AdminUsersResponse },
  'POST /admin/users': { body: admin.NewUserBody, response: admin.UserAddedResponse, status: 201 },
  'GET /admin/users/events': { events: admin.AdminUserEvents },
  'PATCH /admin/users/:id': { params: admin.UserIdParams, body: admin.UserPatchBody, response: admin.UserUpdatedResponse },
  'DELETE /admin/users/:id': { params: admin.UserIdParams, response: MessageResponse },
  'GET /admin/credit-links': { response: admin.CreditLinksResponse },
  'POST /admin/credit-links': { body: admin.NewCreditLinkBody, response: admin.CreditLinkCreatedResponse, status: 201 },
  'DELETE /admin/credit-links/:id': { params: NumericIdParams, response: MessageResponse },
  'GET /admin/credit-codes': { response: admin.CreditCodesResponse },
  'POST /admin/credit-codes': { body: admin.NewCreditCodeBody, response: admin.CreditCodeCreatedResponse, status: 201 },
  'GET /admin/claims': { response: admin.ClaimsResponse },
  'GET /admin/deployments': { response: admin.DeploymentsResponse },
  'POST /admin/deployments/:id/rollback': { params: NumericIdParams, body: admin.RollbackBody, response: admin.RollbackResponse, status: 201 },
  'GET /admin/ai-config': { response: admin.AIConfigResponse },
  'PUT /admin/ai-config': { body: admin.AIConfigBody, response: admin.AIConfigUpdatedResponse },
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof ROUTES;
export type RouteKey = keyof Routes;
/** Routes answered with JSON (not an event stream). */
export type JsonRouteKey = { [K in RouteKey]: Routes[K] extends { response: z.ZodType } ? K : never }[RouteKey];
/** Routes answered with server-sent events. */
export type StreamRouteKey = Exclude<RouteKey, JsonRouteKey>;

type InputOf<D, Part extends 'params' | 'query' | 'body'> = D extends { [P in Part]: infer S extends z.ZodType } ? z.input<S> : never;

/** What a client sends to a route: `params` and `body` when the route has them, `query` optionally. */
export type RequestOf<K extends RouteKey> = ([InputOf<Routes[K], 'params'>] extends [never] ? unknown : { params: InputOf<Routes[K], 'params'> }) &
  ([InputOf<Routes[K], 'query'>] extends [never] ? unknown : { query?: InputOf<Routes[K], 'query'> }) &
  ([InputOf<Routes[K], 'body'>] extends [never] ? unknown : { body: InputOf<Routes[K], 'body'> });

/** The JSON answer of a route on success. */
export type ResponseOf<K extends JsonRouteKey> = Routes[K] extends { response: infer S extends z.ZodType } ? z.output<S> : never;

/** The events of a streaming route: event name → data. */
export type EventsOf<K extends StreamRouteKey> = Routes[K] extends { events: infer E extends Readonly<Record<string, z.ZodType>> } ? { [N in keyof E]: z.output<E[N]> } : never;

