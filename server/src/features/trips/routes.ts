import { Router } from 'express';
import { currentActor, requireUser } from '../../http/auth';
import { pageQuerySchema, validate } from '../../http/validate';
import { myTrips } from './service';

/** The driver's phone (issue 29): My Trips. Each trip's work goes through the tracking routes. */
export function createTripsRouter(): Router {
  const router = Router();
  const paged = validate({ query: pageQuerySchema });
  router.get('/trips', requireUser, paged, async (req, res) => {
    res.json(await myTrips(currentActor(req), paged.input(res).query));
  });
  return router;
}
