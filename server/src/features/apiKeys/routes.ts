import { createApiKeySchema } from '@freight/shared';
import { Router } from 'express';
import { currentUser, requireUser } from '../../http/auth';
import { validate } from '../../http/validate';
import type { Runtime } from '../../runtimeTypes';
import { createApiKey, listApiKeys, revokeApiKey } from './service';

/** The Developers area's key management (signed-in owners and admins, issue 30); keys themselves use /api/v1. */
export function createApiKeysRouter(_rt: Runtime): Router {
  const router = Router();
  router.get('/api-keys', requireUser, async (req, res) => {
    res.json(await listApiKeys(currentUser(req)));
  });
  const create = validate({ body: createApiKeySchema });
  router.post('/api-keys', requireUser, create, async (req, res) => {
    res.status(201).json(await createApiKey(currentUser(req), create.input(res).body));
  });
  router.delete('/api-keys/:id', requireUser, async (req, res) => {
    res.json(await revokeApiKey(currentUser(req), String(req.params.id)));
  });
  return router;
}
