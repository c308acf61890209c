import { Router } from 'express';
import { currentUser, requireUser } from '../../http/auth';
import { pageQuerySchema, parse } from '../../http/validate';
import { listNotifications, markAllRead, markRead } from './service';

export const notificationsRouter = Router();
notificationsRouter.use('/notifications', requireUser);

notificationsRouter.get('/notifications', async (req, res) => {
  const { page, pageSize } = parse(pageQuerySchema, req.query);
  res.json(await listNotifications(currentUser(req).id, page, pageSize));
});

notificationsRouter.post('/notifications/read-all', async (req, res) => {
  await markAllRead(currentUser(req).id);
  res.json({ ok: true });
});

notificationsRouter.post('/notifications/:id/read', async (req, res) => {
  res.json(await markRead(currentUser(req).id, req.params.id));
});
