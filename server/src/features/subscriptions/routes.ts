import { activateSubscriptionSchema, cancelSubscriptionSchema } from '@freight/shared';
import { Router } from 'express';
import { currentActor, requireUser } from '../../http/auth';
import { validate } from '../../http/validate';
import type { Runtime } from '../../runtimeTypes';
import { activateSubscription, cancelSubscription, listPlans, usageFor } from './service';

export function createSubscriptionsRouter(_rt: Runtime): Router {
  const router = Router();
  router.use('/subscriptions', requireUser);

  /** The caller's plans (SPEC §6: by user type; anything else falls back to broker plans). */
  router.get('/subscriptions/plans', (req, res) => {
    res.json(listPlans(currentActor(req)));
  });

  /** Call 29. */
  const activation = validate({ body: activateSubscriptionSchema });
  router.post('/subscriptions/activate', activation, async (req, res) => {
    res.json(await activateSubscription(currentActor(req), activation.input(res).body));
  });

  /** Cancel at the end of the period: still active until subscriptionExpiresAt, then not renewed. */
  const cancellation = validate({ body: cancelSubscriptionSchema });
  router.post('/subscriptions/cancel', cancellation, async (req, res) => {
    res.json(await cancelSubscription(currentActor(req), cancellation.input(res).body));
  });

  router.get('/subscriptions/usage', async (req, res) => {
    res.json(await usageFor(currentActor(req)));
  });

  return router;
}
