import { pinDockParamsSchema, stopCheckInSchema } from '@freight/shared';
import { Router } from 'express';
import { currentActor, requireUser } from '../../../http/auth';
import { validate } from '../../../http/validate';
import { checkInStop, getStopClock } from './service';

/** The clock at a load's stops (issue 41): read it, and check in an arrival or a departure by hand. */
export function stopClockRoutes(): Router {
  const router = Router();
  router.get('/freight/:id/stop-clock', requireUser, async (req, res) => {
    res.json(await getStopClock(currentActor(req), String(req.params.id)));
  });
  const checkIn = validate({ params: pinDockParamsSchema, body: stopCheckInSchema });
  router.post('/freight/:id/stops/:which/check-in', requireUser, checkIn, async (req, res) => {
    const { params, body } = checkIn.input(res);
    res.status(201).json(await checkInStop(currentActor(req), params.id, params.which, body));
  });
  return router;
}
