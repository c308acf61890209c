import {
  pushEndpointSchema,
  pushSubscriptionSchema,
  updateNotificationPreferencesSchema,
} from '@freight/shared';
import { Router } from 'express';
import { currentUser, requireUser } from '../../http/auth';
import { validate } from '../../http/validate';
import type { Runtime } from '../../runtime';
import { describeDevice } from '../account/sessions';
import { getPreferences, updatePreferences } from './preferences';
import { countPushSubscriptions, removePushSubscription, savePushSubscription, vapidKeys } from './push';

/** Issue 27: the user's notification preferences and this device's web-push subscription, under /api. */
export function createNotificationChannelsRouter(rt: Runtime): Router {
  const router = Router();

  router.get('/notification-preferences', requireUser, async (req, res) => {
    const userId = currentUser(req).id;
    const [prefs, pushDevices] = await Promise.all([getPreferences(userId), countPushSubscriptions(userId)]);
    res.json({ ...prefs, pushDevices });
  });

  const update = validate({ body: updateNotificationPreferencesSchema });
  router.put('/notification-preferences', requireUser, update, async (req, res) => {
    const userId = currentUser(req).id;
    const prefs = await updatePreferences(userId, update.input(res).body);
    res.json({ ...prefs, pushDevices: await countPushSubscriptions(userId) });
  });

  // The VAPID public key the browser subscribes with (the applicationServerKey).
  router.get('/push/public-key', async (_req, res) => {
    res.json({ publicKey: (await vapidKeys()).publicKey });
  });

  const subscribe = validate({ body: pushSubscriptionSchema });
  router.post('/push/subscriptions', requireUser, subscribe, async (req, res) => {
    const device = describeDevice(String(req.headers['user-agent'] ?? ''));
    const production = rt.config.NODE_ENV === 'production';
    res
      .status(201)
      .json(await savePushSubscription(currentUser(req).id, subscribe.input(res).body, device, production));
  });

  const unsubscribe = validate({ body: pushEndpointSchema });
  router.delete('/push/subscriptions', requireUser, unsubscribe, async (req, res) => {
    res.json(await removePushSubscription(currentUser(req).id, unsubscribe.input(res).body.endpoint));
  });

  return router;
}
