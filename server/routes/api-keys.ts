// /api/api-keys: the signed-in business or admin user's API keys (free and pro: 403). Only a session
// cookie manages keys: a key cannot make, list or revoke keys.
import type { Request } from 'express';
import { MAX_API_KEYS } from '../../engine/contract/index.js';
import { catalogueMessage } from '../../engine/index.js';
import type { AppContext } from '../core/context.js';
import { requestLang, requireUser, sessionOf } from '../auth/middleware.js';
import { hasApiAccess, newApiKey } from '../auth/api-keys.js';
import { ApiError } from '../errors/api-error.js';
import { ApiRoutes } from '../http/routes.js';

export function apiKeyRoutes(ctx: AppContext): ApiRoutes {
  const { repos } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth), (req, _res, next) =>
    next(hasApiAccess(sessionOf(req).user.role) ? undefined : ApiError.catalogue(403, 'api_access_required')),
  );

  router.on('GET /api-keys', async (req, res) => {
    const keys = await repos.apiKeys.list(sessionOf(req).user.id);
    res.json({
      keys: keys.map((k) => ({
        id: k.id,
        name: k.name,
        prefix: k.prefix,
        created_at: k.createdAt,
        last_used_at: k.lastUsedAt,
      })),
    });
  });

  // A bad name answers its own refusal, api_key_name in the user's language, on the name field.
  const badName = (req: Request) => {
    const message = catalogueMessage('api_key_name', requestLang(req));
    return new ApiError(400, 'api_key_name', message, { name: message });
  };
  router.on('POST /api-keys', { refuseBody: badName }, async (req, res) => {
    const { key, hash, prefix } = newApiKey();
    const created = await repos.apiKeys.create({
      userId: sessionOf(req).user.id,
      name: req.input.body.name,
      keyHash: hash,
      prefix,
      maxKeys: MAX_API_KEYS,
    });
    if (!created) throw ApiError.catalogue(409, 'too_many_api_keys', undefined, { max: String(MAX_API_KEYS) });
    res.status(201).json({ id: created.id, name: created.name, key, created_at: created.createdAt });
  });

  router.on('DELETE /api-keys/:id', async (req, res) => {
    const { id } = req.input.params;
    if (!(await repos.apiKeys.revoke({ userId: sessionOf(req).user.id, id })))
      throw ApiError.catalogue(404, 'api_key_not_found');
    res.json({ message: catalogueMessage('api_key_revoked', requestLang(req)) });
  });

  return router;
}
