import { Router } from 'express';
import { currentActor, currentUser, requireUser } from '../../http/auth';
import type { Runtime } from '../../runtime';
import { activateSubscription, listPlans, usageFor } from './service';

export function createSubscriptionsRouter(_rt: Runtime): Router {
  const router = Router();
  router.use('/subscriptions', requireUser);

  /** The caller's plans (SPEC §6: by user type; anything else falls back to broker plans). */
  router.get('/subscriptions/plans', (req, res) => {
    res.json(listPlans(currentActor(req)));
  });

  /** Call 29. */
  router.post('/subscriptions/activate', async (req, res) => {
    res.json(await activateSubscription(currentUser(req), req.body));
  });

  router.get('/subscriptions/usage', async (req, res) => {
    res.json(await usageFor(currentActor(req)));
  });

  return router;
}
