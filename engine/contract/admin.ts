// /api/admin: users (and their live event stream), credit links and codes, claims, deployments with
// rollback, and the AI configuration (never a key). The administrator only.
import * as z from 'zod';
import { EmailSchema, NewPasswordSchema } from './auth.js';
import { AssignableRoleSchema, DisplayNameSchema, ProfileSchema, TimestampSchema, WriterTextSchema } from './common.js';
import { failsWith } from './messages.js';

// ------------------------------------------------------------------ users

export const UserIdParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

export const AdminUsersResponseSchema = z.strictObject({ users: z.array(ProfileSchema) });

export const NewUserBodySchema = z.strictObject({
  email: EmailSchema,
  password: NewPasswordSchema,
  role: AssignableRoleSchema.default('free'),
  name: DisplayNameSchema.optional(),
});

/** Either a new role (the credits reset to the role's amount) or a new balance. */
export const UserPatchBodySchema = z.union([
  z.strictObject({ role: AssignableRoleSchema }),
  z.strictObject({ credits: z.number().int().min(0).max(1_000_000_000) }),
]);

/** A user added or changed. `user` is absent only if the user vanished while being changed. */
export const UserUpdatedResponseSchema = z.strictObject({ message: z.string().min(1), user: ProfileSchema.optional() });

/** `POST /api/admin/users` (201): the new user is always there. */
export const UserAddedResponseSchema = z.strictObject({ message: z.string().min(1), user: ProfileSchema });

/** SSE `users` of `GET /api/admin/users/events`: the whole list, sent at once. */
export const UsersEventSchema = AdminUsersResponseSchema;

/** SSE `user`: one user changed (sign-up, credits, role, profile) or was deleted. */
export const UserChangeEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('upsert'), id: z.string().min(1), user: ProfileSchema }),
  z.strictObject({ type: z.literal('delete'), id: z.string().min(1), user: z.null() }),
]);

/** Every event of the admin's user stream, by event name. */
export const AdminUserEventSchemas = { users: UsersEventSchema, user: UserChangeEventSchema } as const;

// ------------------------------------------------------------------ credit links and codes

const creditAmount = failsWith('invalid_credit_amount', z.number().int().min(1).max(10_000));

export const NewCreditLinkBodySchema = z.strictObject({
  credits: creditAmount,
  description: WriterTextSchema.trim().max(200).optional(),
});

/**
 * What a credit link and a credit code both are: credits an administrator made claimable, and how often they were
 * claimed.
 */
const grantColumns = {
  id: z.number().int().positive(),
  credits: z.number().int().positive(),
  description: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: TimestampSchema,
  is_active: z.boolean(),
  claims: z.number().int().min(0),
};

/** An active credit link with its claim count and its claim URL. */
export const CreditLinkSchema = z.strictObject({
  ...grantColumns,
  token: z.string().min(1),
  created_by_email: z.string().nullable(),
  url: z.string().min(1),
});
export type CreditLink = z.infer<typeof CreditLinkSchema>;

export const CreditLinksResponseSchema = z.strictObject({ links: z.array(CreditLinkSchema) });

/** The link just made (201): the list's row without the creator's e-mail. */
export const CreatedCreditLinkSchema = CreditLinkSchema.omit({ created_by_email: true });

export const CreditLinkCreatedResponseSchema = z.strictObject({
  message: z.string().min(1),
  link: CreatedCreditLinkSchema,
});
export type CreditLinkCreatedResponse = z.infer<typeof CreditLinkCreatedResponseSchema>;

export const NewCreditCodeBodySchema = z.strictObject({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{8,40}$/, { error: 'A code is 8 to 40 letters, digits, - or _' })
    .optional(),
  credits: creditAmount,
  description: WriterTextSchema.trim().max(200).optional(),
  /** After this time (ISO 8601, in the future) the code no longer redeems; absent = never expires. */
  expires_at: z.iso
    .datetime({ offset: true, error: 'An expiry is a date and time (ISO 8601)' })
    .refine((value) => Date.parse(value) > Date.now(), { error: 'The expiry must be in the future' })
    .optional(),
  /** How many users may redeem the code; absent = no cap. */
  max_redemptions: z
    .number({ error: 'A redemption cap is a whole number from 1 to 1000000' })
    .int({ error: 'A redemption cap is a whole number from 1 to 1000000' })
    .min(1, { error: 'A redemption cap is a whole number from 1 to 1000000' })
    .max(1_000_000, { error: 'A redemption cap is a whole number from 1 to 1000000' })
    .optional(),
});

export const CreditCodeSchema = z.strictObject({
  ...grantColumns,
  code: z.string().min(1),
  /** ISO time after which the code no longer redeems; null = never. */
  expires_at: z.string().nullable(),
  /** How many users may redeem it; null = no cap. */
  max_redemptions: z.number().int().positive().nullable(),
});
export type CreditCode = z.infer<typeof CreditCodeSchema>;

export const CreditCodesResponseSchema = z.strictObject({ codes: z.array(CreditCodeSchema) });

export const CreditCodeCreatedResponseSchema = z.strictObject({ message: z.string().min(1), code: CreditCodeSchema });
export type CreditCodeCreatedResponse = z.infer<typeof CreditCodeCreatedResponseSchema>;

// ------------------------------------------------------------------ claims

const claimColumns = {
  id: z.number().int().positive(),
  user_email: z.string(),
  credits: z.number().int().positive(),
  credits_awarded: z.number().int().positive(),
  claimed_at: TimestampSchema,
};
export const CodeClaimSchema = z.strictObject({ ...claimColumns, code: z.string().min(1) });
export const LinkClaimSchema = z.strictObject({ ...claimColumns, token: z.string().min(1) });

/** Every claim, newest first. */
export const ClaimsResponseSchema = z.strictObject({
  code_claims: z.array(CodeClaimSchema),
  link_claims: z.array(LinkClaimSchema),
});
export type ClaimsResponse = z.infer<typeof ClaimsResponseSchema>;

// ------------------------------------------------------------------ deployments

export const DeploymentSchema = z.strictObject({
  id: z.number().int().positive(),
  version: z.string(),
  status: z.string(),
  url: z.string().nullable(),
  /**
   * A start (`{kind: "start", node}`) or a rollback (`{kind: "rollback", rolledBackFrom, originalVersion,
   * rollbackReason, …}`).
   */
  metadata: z.record(z.string(), z.unknown()),
  created_at: TimestampSchema,
});
export type Deployment = z.infer<typeof DeploymentSchema>;

export const DeploymentsResponseSchema = z.strictObject({ deployments: z.array(DeploymentSchema) });
export type DeploymentsResponse = z.infer<typeof DeploymentsResponseSchema>;

export const RollbackBodySchema = z.strictObject({ reason: z.string().trim().max(500).optional() });

export const RollbackResponseSchema = z.strictObject({ message: z.string().min(1), deployment: DeploymentSchema });

// ------------------------------------------------------------------ AI configuration

/** One provider the server knows: never its key, only whether one is set. */
export const AIProviderConfigSchema = z.strictObject({
  name: z.string(),
  model: z.string(),
  /** The host of the endpoint, never its path or query. */
  endpoint: z.string().nullable(),
  has_key: z.boolean(),
  is_active: z.boolean(),
  /** The model's context window in tokens (engine/providers/context.ts); null for the offline writer. */
  context_tokens: z.number().int().positive().nullable(),
});

const aiConfigColumns = {
  active: z.string(),
  configs: z.array(AIProviderConfigSchema),
  openai_config: z.strictObject({ useAzure: z.boolean() }),
};
export const AIConfigResponseSchema = z.strictObject(aiConfigColumns);
export type AIConfigResponse = z.infer<typeof AIConfigResponseSchema>;

export const AIConfigBodySchema = z.strictObject({ useAzure: z.boolean() });

/** `PUT /api/admin/ai-config`: the configuration after the change, with a message. */
export const AIConfigUpdatedResponseSchema = z.strictObject({ message: z.string().min(1), ...aiConfigColumns });
