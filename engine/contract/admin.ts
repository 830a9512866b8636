// /api/admin: users (and their live event stream), credit links and codes, claims, deployments with
// rollback, and the AI configuration (never a key). The administrator only.
import * as z from 'zod';
import { Email, NewPassword } from './auth.js';
import { AssignableRole, Profile, Timestamp } from './common.js';
import { VALIDATION_MESSAGES as M } from './messages.js';

// ------------------------------------------------------------------ users

export const UserIdParams = z.strictObject({ id: z.string().min(1).max(64) });
export type UserIdParams = z.infer<typeof UserIdParams>;

export const AdminUsersResponse = z.strictObject({ users: z.array(Profile) });
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

export const NewUserBody = z.strictObject({
  email: Email,
  password: NewPassword,
  role: AssignableRole.default('free'),
  name: z.string().trim().max(100).optional(),
});
export type NewUserBody = z.infer<typeof NewUserBody>;

/** Either a new role (the credits reset to the role's amount) or a new balance. */
export const UserPatchBody = z.union([
  z.strictObject({ role: AssignableRole }),
  z.strictObject({ credits: z.number().int().min(0).max(1_000_000_000) }),
]);
export type UserPatchBody = z.infer<typeof UserPatchBody>;

/** A user added or changed. `user` is absent only if the user vanished while being changed. */
export const UserUpdatedResponse = z.strictObject({ message: z.string().min(1), user: Profile.optional() });
export type UserUpdatedResponse = z.infer<typeof UserUpdatedResponse>;

/** `POST /api/admin/users` (201): the new user is always there. */
export const UserAddedResponse = z.strictObject({ message: z.string().min(1), user: Profile });
export type UserAddedResponse = z.infer<typeof UserAddedResponse>;

/** SSE `users` of `GET /api/admin/users/events`: the whole list, sent at once. */
export const UsersEvent = AdminUsersResponse;
export type UsersEvent = z.infer<typeof UsersEvent>;

/** SSE `user`: one user changed (sign-up, credits, role, profile) or was deleted. */
export const UserChangeEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('upsert'), id: z.string().min(1), user: Profile }),
  z.strictObject({ type: z.literal('delete'), id: z.string().min(1), user: z.null() }),
]);
export type UserChangeEvent = z.infer<typeof UserChangeEvent>;

/** Every event of the admin's user stream, by event name. */
export const AdminUserEvents = { users: UsersEvent, user: UserChangeEvent } as const;
export type AdminUserEvents = { [E in keyof typeof AdminUserEvents]: z.infer<(typeof AdminUserEvents)[E]> };

// ------------------------------------------------------------------ credit links and codes

const creditAmount = z
  .number({ error: M.invalid_credit_amount })
  .int({ error: M.invalid_credit_amount })
  .min(1, { error: M.invalid_credit_amount })
  .max(10_000, { error: M.invalid_credit_amount });

export const NewCreditLinkBody = z.strictObject({
  credits: creditAmount,
  description: z.string().trim().max(200).optional(),
});
export type NewCreditLinkBody = z.infer<typeof NewCreditLinkBody>;

/** An active credit link with its claim count and its claim URL. */
export const CreditLink = z.strictObject({
  id: z.number().int().positive(),
  token: z.string().min(1),
  credits: z.number().int().positive(),
  description: z.string().nullable(),
  created_by: z.string().nullable(),
  created_by_email: z.string().nullable(),
  created_at: Timestamp,
  is_active: z.boolean(),
  claims: z.number().int().min(0),
  url: z.string().min(1),
});
export type CreditLink = z.infer<typeof CreditLink>;

export const CreditLinksResponse = z.strictObject({ links: z.array(CreditLink) });
export type CreditLinksResponse = z.infer<typeof CreditLinksResponse>;

/** The link just made (201): the list's row without the creator's e-mail. */
export const CreatedCreditLink = CreditLink.omit({ created_by_email: true });
export type CreatedCreditLink = z.infer<typeof CreatedCreditLink>;

export const CreditLinkCreatedResponse = z.strictObject({ message: z.string().min(1), link: CreatedCreditLink });
export type CreditLinkCreatedResponse = z.infer<typeof CreditLinkCreatedResponse>;

export const NewCreditCodeBody = z.strictObject({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{3,40}$/, { error: 'A code is 3 to 40 letters, digits, - or _' })
    .optional(),
  credits: creditAmount,
  description: z.string().trim().max(200).optional(),
});
export type NewCreditCodeBody = z.infer<typeof NewCreditCodeBody>;

export const CreditCode = z.strictObject({
  id: z.number().int().positive(),
  code: z.string().min(1),
  credits: z.number().int().positive(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  created_by: z.string().nullable(),
  created_at: Timestamp,
  claims: z.number().int().min(0),
});
export type CreditCode = z.infer<typeof CreditCode>;

export const CreditCodesResponse = z.strictObject({ codes: z.array(CreditCode) });
export type CreditCodesResponse = z.infer<typeof CreditCodesResponse>;

export const CreditCodeCreatedResponse = z.strictObject({ message: z.string().min(1), code: CreditCode });
export type CreditCodeCreatedResponse = z.infer<typeof CreditCodeCreatedResponse>;

// ------------------------------------------------------------------ claims

const claimColumns = {
  id: z.number().int().positive(),
  user_email: z.string(),
  credits: z.number().int().positive(),
  credits_awarded: z.number().int().positive(),
  claimed_at: Timestamp,
};
export const CodeClaim = z.strictObject({ ...claimColumns, code: z.string().min(1) });
export type CodeClaim = z.infer<typeof CodeClaim>;
export const LinkClaim = z.strictObject({ ...claimColumns, token: z.string().min(1) });
export type LinkClaim = z.infer<typeof LinkClaim>;

/** Every claim, newest first. */
export const ClaimsResponse = z.strictObject({ code_claims: z.array(CodeClaim), link_claims: z.array(LinkClaim) });
export type ClaimsResponse = z.infer<typeof ClaimsResponse>;

// ------------------------------------------------------------------ deployments

export const Deployment = z.strictObject({
  id: z.number().int().positive(),
  version: z.string(),
  status: z.string(),
  url: z.string().nullable(),
  /** A start (`{kind: "start", node}`) or a rollback (`{kind: "rollback", rolledBackFrom, originalVersion, rollbackReason, …}`). */
  metadata: z.record(z.string(), z.unknown()),
  created_at: Timestamp,
});
export type Deployment = z.infer<typeof Deployment>;

export const DeploymentsResponse = z.strictObject({ deployments: z.array(Deployment) });
export type DeploymentsResponse = z.infer<typeof DeploymentsResponse>;

export const RollbackBody = z.strictObject({ reason: z.string().trim().max(500).optional() });
export type RollbackBody = z.infer<typeof RollbackBody>;

export const RollbackResponse = z.strictObject({ message: z.string().min(1), deployment: Deployment });
export type RollbackResponse = z.infer<typeof RollbackResponse>;

// ------------------------------------------------------------------ AI configuration

/** One provider the server knows: never its key, only whether one is set. */
export const AIProviderConfig = z.strictObject({
  name: z.string(),
  model: z.string(),
  /** The host of the endpoint, never its path or query. */
  endpoint: z.string().nullable(),
  has_key: z.boolean(),
  is_active: z.boolean(),
});
export type AIProviderConfig = z.infer<typeof AIProviderConfig>;

const aiConfigColumns = {
  active: z.string(),
  configs: z.array(AIProviderConfig),
  openai_config: z.strictObject({ useAzure: z.boolean() }),
};
export const AIConfigResponse = z.strictObject(aiConfigColumns);
export type AIConfigResponse = z.infer<typeof AIConfigResponse>;

export const AIConfigBody = z.strictObject({ useAzure: z.boolean() });
export type AIConfigBody = z.infer<typeof AIConfigBody>;

/** `PUT /api/admin/ai-config`: the configuration after the change, with a message. */
export const AIConfigUpdatedResponse = z.strictObject({ message: z.string().min(1), ...aiConfigColumns });
export type AIConfigUpdatedResponse = z.infer<typeof AIConfigUpdatedResponse>;
