// /api/admin: the administrator's API (403 for every other user). Users (newest first, add, change
// role, set credits, delete, live updates as server-sent events), credit links and codes, claims,
// deployments with rollback, and the AI configuration (never any key). The administrator's own
// account cannot be demoted, re-credited or deleted. The users' live updates are ./admin-events.ts.
import { randomInt } from 'node:crypto';
import {
  AIConfigBodySchema,
  NewCreditCodeBodySchema,
  NewCreditLinkBodySchema,
  NewUserBodySchema,
  NumericIdParamsSchema,
  RollbackBodySchema,
  UserIdParamsSchema,
  UserPatchBodySchema,
  type AIConfigResponse,
} from '../../engine/contract/index.js';
import type { AppContext } from '../core/context.js';
import { OPENAI_CONFIG_KEY, toProfile, type OpenAIConfigValue } from '../store/model.js';
import type { User } from '../store/ports.js';
import { ApiError, MESSAGES } from '../errors/api-error.js';
import { requireAdmin, sessionOf } from '../auth/middleware.js';
import { hashPassword } from '../auth/password.js';
import { refuseCommonPassword } from '../auth/common-passwords.js';
import { ApiRoutes } from '../http/routes.js';
import { addUserEvents } from './admin-events.js';

/** The KARYA_ADMIN_EMAIL account (or any admin) is out of reach of the admin API's changes. */
function isProtected(user: User, adminEmail: string | undefined): boolean {
  return user.role === 'admin' || (adminEmail !== undefined && user.email === adminEmail);
}

/** The host of the provider endpoint, never its path or query (which might carry a key). */
function hostOf(url: string | undefined): string {
  if (!url) return 'api.openai.com';
  try {
    return new URL(url).host;
  } catch {
    return 'invalid OPENAI_BASE_URL';
  }
}

function randomCode(): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = 'KARYA-';
  for (let i = 0; i < 8; i++) out += chars[randomInt(chars.length)];
  return out;
}

export function adminRoutes(ctx: AppContext): ApiRoutes {
  const { repos } = ctx;
  const router = new ApiRoutes();
  router.use(requireAdmin(repos.auth));
  addUserRoutes(router, ctx);
  addUserEvents(router, ctx);
  addCreditRoutes(router, ctx);
  addSystemRoutes(router, ctx);
  return router;
}

/** Users: listed, added, followed as they change (events), updated and deleted; the protected admin never. */
function addUserRoutes(router: ApiRoutes, ctx: AppContext): void {
  const { repos, config, logger } = ctx;
  const targetOf = async (id: string): Promise<User> => {
    const user = await repos.users.findById(id);
    if (!user) throw ApiError.of(404, 'user_not_found');
    if (isProtected(user, config.adminEmail)) throw ApiError.of(403, 'protected_account');
    return user;
  };

  router.on('GET /admin/users', async (_req, res) => {
    res.json({ users: (await repos.users.list()).map(toProfile) });
  });

  router.on('POST /admin/users', async (req, res) => {
    const body = req.input.body;
    if (config.adminEmail && body.email.toLowerCase() === config.adminEmail)
      throw ApiError.of(403, 'protected_account');
    await refuseCommonPassword({ password: body.password, field: 'password', lang: sessionOf(req).user.lang });
    const passwordHash = await hashPassword(body.password, config.scryptLogN);
    const user = await repos.users.create({
      email: body.email,
      passwordHash,
      role: body.role,
      ...(body.name ? { name: body.name } : {}),
    });
    if (!user) throw ApiError.of(409, 'email_taken');
    res.status(201).json({ message: MESSAGES.user_added, user: toProfile(user) });
  });

  router.on('PATCH /admin/users/:id', async (req, res) => {
    const { id } = req.input.params;
    const patch = req.input.body;
    const target = await targetOf(id);
    if ('role' in patch) {
      const user = await repos.users.setRole({
        userId: target.id,
        role: patch.role,
        reason: `Role changed to ${patch.role} by the administrator`,
      });
      // Deleted by another request since the check above.
      if (!user) throw ApiError.of(404, 'user_not_found');
      res.json({ message: MESSAGES.role_updated, user: toProfile(user) });
      return;
    }
    await repos.credits.setBalance({
      userId: target.id,
      credits: patch.credits,
      reason: 'Admin credit adjustment',
      reference: `admin:${sessionOf(req).user.id}`,
    });
    const user = await repos.users.findById(target.id);
    if (!user) throw ApiError.of(404, 'user_not_found');
    res.json({ message: MESSAGES.credits_updated, user: toProfile(user) });
  });

  router.on('DELETE /admin/users/:id', async (req, res) => {
    const { id } = req.input.params;
    const target = await targetOf(id);
    if (!(await repos.users.delete(target.id))) throw ApiError.of(404, 'user_not_found');
    res.json({ message: MESSAGES.user_deleted });
  });
}

/** Credit links and codes (made, listed, deactivated) and the claims made with them. */
function addCreditRoutes(router: ApiRoutes, ctx: AppContext): void {
  const { repos, config } = ctx;
  router.on('GET /admin/credit-links', async (_req, res) => {
    res.json({
      links: (await repos.codes.listLinks()).map((l) => ({
        ...l,
        is_active: l.is_active === 1,
        url: `${config.publicUrl}/claim/${l.token}`,
      })),
    });
  });

  router.on('POST /admin/credit-links', async (req, res) => {
    const body = req.input.body;
    const link = await repos.codes.createLink({
      credits: body.credits,
      ...(body.description ? { description: body.description } : {}),
      createdBy: sessionOf(req).user.id,
    });
    res.status(201).json({
      message: MESSAGES.link_created,
      link: { ...link, is_active: link.is_active === 1, claims: 0, url: `${config.publicUrl}/claim/${link.token}` },
    });
  });

  router.on('DELETE /admin/credit-links/:id', async (req, res) => {
    const { id } = req.input.params;
    if (!(await repos.codes.deactivateLink(id))) throw ApiError.of(404, 'not_found');
    res.json({ message: MESSAGES.link_deleted });
  });

  router.on('GET /admin/credit-codes', async (_req, res) => {
    res.json({ codes: (await repos.codes.listCodes()).map((c) => ({ ...c, is_active: c.is_active === 1 })) });
  });

  router.on('POST /admin/credit-codes', async (req, res) => {
    const body = req.input.body;
    const code = await repos.codes.createCode({
      code: body.code ?? randomCode(),
      credits: body.credits,
      createdBy: sessionOf(req).user.id,
      ...(body.description ? { description: body.description } : {}),
      ...(body.expires_at ? { expiresAt: new Date(body.expires_at).toISOString() } : {}),
      ...(body.max_redemptions ? { maxRedemptions: body.max_redemptions } : {}),
    });
    if (!code) throw ApiError.of(409, 'code_exists');
    res
      .status(201)
      .json({ message: MESSAGES.code_created, code: { ...code, is_active: code.is_active === 1, claims: 0 } });
  });

  router.on('DELETE /admin/credit-codes/:id', async (req, res) => {
    const { id } = req.input.params;
    if (!(await repos.codes.deactivateCode(id))) throw ApiError.of(404, 'not_found');
    res.json({ message: MESSAGES.code_deactivated });
  });

  router.on('GET /admin/claims', async (_req, res) => {
    res.json(await repos.codes.listClaims());
  });
}

/** Deployments (listed, rolled back) and the AI configuration (shown, switched). */
function addSystemRoutes(router: ApiRoutes, ctx: AppContext): void {
  const { repos, provider } = ctx;
  router.on('GET /admin/deployments', async (_req, res) => {
    res.json({ deployments: await repos.system.listDeployments() });
  });

  router.on('POST /admin/deployments/:id/rollback', async (req, res) => {
    const { id } = req.input.params;
    const body = req.input.body;
    const result = await repos.system.rollBack({
      id,
      reason: body.reason || 'Manual rollback from the admin portal',
      by: sessionOf(req).user.email,
    });
    if (result.status === 'not_found') throw ApiError.of(404, 'deployment_not_found');
    if (result.status === 'not_success') throw ApiError.of(409, 'rollback_failed');
    res.status(201).json({ message: MESSAGES.rolled_back, deployment: result.deployment });
  });

  const aiConfig = async (): Promise<AIConfigResponse> => {
    const openaiConfig = await repos.system.readConfig<OpenAIConfigValue>(OPENAI_CONFIG_KEY, { useAzure: false });
    const hasKey = Boolean(process.env.OPENAI_API_KEY?.trim());
    const contextTokens = !provider.isOffline && provider.contextWindow ? await provider.contextWindow() : null;
    return {
      active: provider.name,
      configs: [
        {
          name: 'openai',
          model: process.env.KARYA_MODEL || 'gpt-4o-mini',
          endpoint: hostOf(process.env.OPENAI_BASE_URL),
          has_key: hasKey,
          is_active: !provider.isOffline,
          context_tokens: contextTokens,
        },
        {
          name: 'offline',
          model: 'offline-demo',
          endpoint: null,
          has_key: false,
          is_active: provider.isOffline,
          context_tokens: null,
        },
      ],
      openai_config: { useAzure: openaiConfig.useAzure === true },
    };
  };

  router.on('GET /admin/ai-config', async (_req, res) => {
    res.json(await aiConfig());
  });

  router.on('PUT /admin/ai-config', async (req, res) => {
    const body = req.input.body;
    await repos.system.writeConfig(OPENAI_CONFIG_KEY, { useAzure: body.useAzure });
    res.json({ message: MESSAGES.config_updated, ...(await aiConfig()) });
  });
}
