import { Router } from 'express';
import { currentUser, requireUser } from '../../http/auth';
import { pageQuerySchema, validate } from '../../http/validate';
import { listNotifications, markAllRead, markRead } from './service';

export const notificationsRouter = Router();
notificationsRouter.use('/notifications', requireUser);

const paged = validate({ query: pageQuerySchema });
notificationsRouter.get('/notifications', paged, async (req, res) => {
  res.json(await listNotifications(currentUser(req).id, paged.input(res).query));
});

notificationsRouter.post('/notifications/read-all', async (req, res) => {
  await markAllRead(currentUser(req).id);
  res.json({ ok: true });
});

notificationsRouter.post('/notifications/:id/read', async (req, res) => {
  res.json(await markRead(currentUser(req).id, req.params.id));
});
