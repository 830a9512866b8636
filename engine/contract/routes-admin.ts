// The route table's admin routes (routes.ts joins the tables): users, credit links and codes, claims, deployments
// and the AI config.
import * as admin from './admin.js';
import { MessageResponseSchema, NumericIdParamsSchema } from './common.js';
import type { RouteDef } from './route-def.js';

export const ADMIN_ROUTES = {
  'GET /admin/users': { response: admin.AdminUsersResponseSchema },
  'POST /admin/users': { body: admin.NewUserBodySchema, response: admin.UserAddedResponseSchema, status: 201 },
  'GET /admin/users/events': { events: admin.AdminUserEventSchemas },
  'PATCH /admin/users/:id': {
    params: admin.UserIdParamsSchema,
    body: admin.UserPatchBodySchema,
    response: admin.UserUpdatedResponseSchema,
  },
  'DELETE /admin/users/:id': { params: admin.UserIdParamsSchema, response: MessageResponseSchema },
  'GET /admin/credit-links': { response: admin.CreditLinksResponseSchema },
  'POST /admin/credit-links': {
    body: admin.NewCreditLinkBodySchema,
    response: admin.CreditLinkCreatedResponseSchema,
    status: 201,
  },
  'DELETE /admin/credit-links/:id': { params: NumericIdParamsSchema, response: MessageResponseSchema },
  'GET /admin/credit-codes': { response: admin.CreditCodesResponseSchema },
  'POST /admin/credit-codes': {
    body: admin.NewCreditCodeBodySchema,
    response: admin.CreditCodeCreatedResponseSchema,
    status: 201,
  },
  'DELETE /admin/credit-codes/:id': { params: NumericIdParamsSchema, response: MessageResponseSchema },
  'GET /admin/claims': { response: admin.ClaimsResponseSchema },
  'GET /admin/deployments': { response: admin.DeploymentsResponseSchema },
  'POST /admin/deployments/:id/rollback': {
    params: NumericIdParamsSchema,
    body: admin.RollbackBodySchema,
    response: admin.RollbackResponseSchema,
    status: 201,
  },
  'GET /admin/ai-config': { response: admin.AIConfigResponseSchema },
  'PUT /admin/ai-config': { body: admin.AIConfigBodySchema, response: admin.AIConfigUpdatedResponseSchema },
} as const satisfies Record<string, RouteDef>;
