import { statusChangeSchema } from '@freight/shared';
import { Router } from 'express';
import { currentActor, requireUser } from '../../../http/auth';
import { pageQuerySchema, validate } from '../../../http/validate';
import { sendFile } from '../../../http/sendFile';
import { changeStatus, getTrackingDetail, listTrackedLoads, loadParties, openSignature } from './service';

/** The tracked loads: the list, a load's parties and detail, and its status changes. */
export function loadRoutes(): Router {
  const router = Router();
  const paged = validate({ query: pageQuerySchema });

  router.get('/tracking/loads', paged, async (req, res) => {
    res.json(await listTrackedLoads(currentActor(req), paged.input(res).query));
  });

  router.get('/freight/:id/parties', requireUser, async (req, res) => {
    res.json(await loadParties(currentActor(req), String(req.params.id)));
  });
  router.get('/freight/:id/tracking', requireUser, async (req, res) => {
    res.json(await getTrackingDetail(currentActor(req), String(req.params.id)));
  });

  const statusChange = validate({ body: statusChangeSchema });
  router.post('/freight/:id/status', requireUser, statusChange, async (req, res) => {
    res.json(await changeStatus(currentActor(req), String(req.params.id), statusChange.input(res).body));
  });
  router.get('/freight/:id/delivery/signature', requireUser, async (req, res) => {
    const file = await openSignature(currentActor(req), String(req.params.id));
    await sendFile(res, file, { cacheControl: 'private, max-age=3600' });
  });
  return router;
}
