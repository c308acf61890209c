import { createWebhookEndpointSchema, updateWebhookEndpointSchema } from '@freight/shared';
import { Router } from 'express';
import { currentUser, requireUser } from '../../http/auth';
import { pageQuerySchema, validate } from '../../http/validate';
import type { Runtime } from '../../runtimeTypes';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  replayDelivery,
  rotateSecret,
  updateEndpoint,
} from './service';

/** The Developers page's webhooks screen (signed-in owners and admins, issue 30); integrators use /api/v1/webhooks. */
export function createWebhooksRouter(_rt: Runtime): Router {
  const router = Router();
  const param = (v: unknown) => String(v);
  router.get('/webhooks', requireUser, async (req, res) => {
    res.json(await listEndpoints(currentUser(req)));
  });
  const create = validate({ body: createWebhookEndpointSchema });
  router.post('/webhooks', requireUser, create, async (req, res) => {
    res.status(201).json(await createEndpoint(currentUser(req), create.input(res).body));
  });
  const update = validate({ body: updateWebhookEndpointSchema });
  router.patch('/webhooks/:id', requireUser, update, async (req, res) => {
    res.json(await updateEndpoint(currentUser(req), param(req.params.id), update.input(res).body));
  });
  router.delete('/webhooks/:id', requireUser, async (req, res) => {
    await deleteEndpoint(currentUser(req), param(req.params.id));
    res.status(204).end();
  });
  router.post('/webhooks/:id/rotate-secret', requireUser, async (req, res) => {
    res.json(await rotateSecret(currentUser(req), param(req.params.id)));
  });
  const page = validate({ query: pageQuerySchema });
  router.get('/webhooks/:id/deliveries', requireUser, page, async (req, res) => {
    res.json(await listDeliveries(currentUser(req), param(req.params.id), page.input(res).query));
  });
  router.post('/webhook-deliveries/:id/replay', requireUser, async (req, res) => {
    res.json(await replayDelivery(currentUser(req), param(req.params.id)));
  });
  return router;
}
