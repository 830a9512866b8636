// /api/admin: the administrator's API (403 for every other user). Users (newest first, add, change
// role, set credits, delete, live updates as server-sent events), credit links and codes, claims,
// deployments with rollback, and the AI configuration (never any key). The administrator's own
// account cannot be demoted, re-credited or deleted.
import { randomInt } from 'node:crypto';
import { Router } from 'express';
import {
  AIConfigBodySchema, NewCreditCodeBodySchema, NewCreditLinkBodySchema, NewUserBodySchema, NumericIdParamsSchema, RollbackBodySchema,
  UserIdParamsSchema, UserPatchBodySchema, type AIConfigResponse,
} from '../../engine/contract/index.js';
import type { AppContext } from '../context.js';
import { changeCredits } from '../db/credits.js';
import { createCode, createLink, deactivateLink, listClaims, listCodes, listLinks } from '../db/codes.js';
import { listDeployments, OPENAI_CONFIG_KEY, readConfig, rollBack, writeConfig, type OpenAIConfigValue } from '../db/system.js';
import { createUser, deleteUser, findUserById, listUsers, setRole, toProfile } from '../db/users.js';
import type { User } from '../db/types.js';
import { ApiError, MESSAGES } from '../http/errors.js';
import { typedStream, type Reply } from '../http/contract.js';
import { openEventStream } from '../http/sse.js';
import { parse } from '../http/validate.js';
import { requireAdmin, sessionOf } from '../auth/middleware.js';
import { hashPassword } from '../auth/password.js';

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

export function adminRoutes(ctx: AppContext): Router {
  const { store, config, provider } = ctx;
  const router = Router();
  router.use(requireAdmin(store));

  const targetOf = (id: string): User => {
    const user = findUserById(store, id);
    if (!user) throw ApiError.of(404, 'user_not_found');
    if (isProtected(user, config.adminEmail)) throw ApiError.of(403, 'protected_account');
    return user;
  };

  router.get('/users', (_req, res: Reply<'GET /admin/users'>) => {
    res.json({ users: listUsers(store).map(toProfile) });
  });

  router.post('/users', async (req, res: Reply<'POST /admin/users'>) => {
    const body = parse(NewUserBodySchema, req.body);
    if (config.adminEmail && body.email.toLowerCase() === config.adminEmail) throw ApiError.of(403, 'protected_account');
    const passwordHash = await hashPassword(body.password, config.scryptLogN);
    const user = createUser(store, { email: body.email, passwordHash, role: body.role, ...(body.name ? { name: body.name } : {}) });
    if (!user) throw ApiError.of(409, 'email_taken');
    res.status(201).json({ message: MESSAGES.user_added, user: toProfile(user) });
  });

  router.get('/users/events', (_req, res) => {
    const stream = typedStream<'GET /admin/users/events'>(openEventStream(res, { keepAliveMs: 25_000 }));
    stream.send('users', { users: listUsers(store).map(toProfile) });
    const unsubscribe = store.onUserChange((id) => {
      const user = findUserById(store, id);
      stream.send('user', user ? { type: 'upsert', id, user: toProfile(user) } : { type: 'delete', id, user: null });
    });
    res.on('close', unsubscribe);
  });

  router.patch('/users/:id', (req, res: Reply<'PATCH /admin/users/:id'>) => {
    const { id } = parse(UserIdParamsSchema, req.params);
    const patch = parse(UserPatchBodySchema, req.body);
    const target = targetOf(id);
    if ('role' in patch) {
      const user = setRole(store, { userId: target.id, role: patch.role, reason: `Role changed to ${patch.role} by the administrator` });
      res.json({ message: MESSAGES.role_updated, user: user && toProfile(user) });
      return;
    }
    changeCredits(store, { userId: target.id, setTo: patch.credits, type: 'adjustment', reason: 'Admin credit adjustment', reference: `admin:${sessionOf(req).user.id}` });
    const user = findUserById(store, target.id);
    res.json({ message: MESSAGES.credits_updated, user: user && toProfile(user) });
  });

  router.delete('/users/:id', (req, res: Reply<'DELETE /admin/users/:id'>) => {
    const { id } = parse(UserIdParamsSchema, req.params);
    const target = targetOf(id);
    if (!deleteUser(store, target.id)) throw ApiError.of(404, 'user_not_found');
    res.json({ message: MESSAGES.user_deleted });
  });

  router.get('/credit-links', (_req, res: Reply<'GET /admin/credit-links'>) => {
    res.json({ links: listLinks(store).map((l) => ({ ...l, is_active: l.is_active === 1, claims: l.claims ?? 0, url: `${config.publicUrl}/claim/${l.token}` })) });
  });

  router.post('/credit-links', (req, res: Reply<'POST /admin/credit-links'>) => {
    const body = parse(NewCreditLinkBodySchema, req.body);
    const link = createLink(store, { credits: body.credits, ...(body.description ? { description: body.description } : {}), createdBy: sessionOf(req).user.id });
    res.status(201).json({ message: MESSAGES.link_created, link: { ...link, is_active: link.is_active === 1, claims: 0, url: `${config.publicUrl}/claim/${link.token}` } });
  });

  router.delete('/credit-links/:id', (req, res: Reply<'DELETE /admin/credit-links/:id'>) => {
    const { id } = parse(NumericIdParamsSchema, req.params);
    if (!deactivateLink(store, id)) throw ApiError.of(404, 'not_found');
    res.json({ message: MESSAGES.link_deleted });
  });

  router.get('/credit-codes', (_req, res: Reply<'GET /admin/credit-codes'>) => {
    res.json({ codes: listCodes(store).map((c) => ({ ...c, is_active: c.is_active === 1, claims: c.claims ?? 0 })) });
  });

  router.post('/credit-codes', (req, res: Reply<'POST /admin/credit-codes'>) => {
    const body = parse(NewCreditCodeBodySchema, req.body);
    const code = createCode(store, { code: body.code ?? randomCode(), credits: body.credits, ...(body.description ? { description: body.description } : {}), createdBy: sessionOf(req).user.id });
    if (!code) throw ApiError.of(409, 'code_exists');
    res.status(201).json({ message: MESSAGES.code_created, code: { ...code, is_active: code.is_active === 1, claims: 0 } });
  });

  router.get('/claims', (_req, res: Reply<'GET /admin/claims'>) => {
    res.json(listClaims(store));
  });

  router.get('/deployments', (_req, res: Reply<'GET /admin/deployments'>) => {
    res.json({ deployments: listDeployments(store) });
  });

  router.post('/deployments/:id/rollback', (req, res: Reply<'POST /admin/deployments/:id/rollback'>) => {
    const { id } = parse(NumericIdParamsSchema, req.params);
    const body = parse(RollbackBodySchema, req.body ?? {});
    const result = rollBack(store, { id, reason: body.reason || 'Manual rollback from the admin portal', by: sessionOf(req).user.email });
    if (result.status === 'not_found') throw ApiError.of(404, 'deployment_not_found');
    if (result.status === 'not_success') throw ApiError.of(409, 'rollback_failed');
    res.status(201).json({ message: MESSAGES.rolled_back, deployment: result.deployment });
  });

  const aiConfig = (): AIConfigResponse => {
    const openaiConfig = readConfig<OpenAIConfigValue>(store, OPENAI_CONFIG_KEY, { useAzure: false });
    const hasKey = Boolean(process.env.OPENAI_API_KEY?.trim());
    return {
      active: provider.name,
      configs: [
        { name: 'openai', model: process.env.KARYA_MODEL || 'gpt-4o-mini', endpoint: hostOf(process.env.OPENAI_BASE_URL), has_key: hasKey, is_active: !provider.isOffline },
        { name: 'offline', model: 'offline-demo', endpoint: null, has_key: false, is_active: provider.isOffline },
      ],
      openai_config: { useAzure: openaiConfig.useAzure === true },
    };
  };

  router.get('/ai-config', (_req, res: Reply<'GET /admin/ai-config'>) => {
    res.json(aiConfig());
  });

  router.put('/ai-config', (req, res: Reply<'PUT /admin/ai-config'>) => {
    const body = parse(AIConfigBodySchema, req.body);
    writeConfig(store, OPENAI_CONFIG_KEY, { useAzure: body.useAzure });
    res.json({ message: MESSAGES.config_updated, ...aiConfig() });
  });

  return router;
}
