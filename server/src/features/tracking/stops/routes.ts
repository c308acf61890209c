import { stopEventSchema } from '@freight/shared';
import { Router } from 'express';
import { currentActor, requireUser } from '../../../http/auth';
import { validate } from '../../../http/validate';
import { listStops, recordStop } from './service';

/** A load's stop events (arrived, loaded, …). */
export function stopRoutes(): Router {
  const router = Router();
  router.get('/freight/:id/stops', requireUser, async (req, res) => {
    res.json(await listStops(currentActor(req), String(req.params.id)));
  });
  const stop = validate({ body: stopEventSchema });
  router.post('/freight/:id/stops', requireUser, stop, async (req, res) => {
    res.status(201).json(await recordStop(currentActor(req), String(req.params.id), stop.input(res).body));
  });
  return router;
}
