import { locationUpdateSchema } from '@freight/shared';
import { Router } from 'express';
import { currentActor, requireUser } from '../../../http/auth';
import { pageQuerySchema, validate } from '../../../http/validate';
import { getLocation, locationHistory, updateLocation } from './service';

/** A load's location: the last position, updates from the carrier, and the trail. */
export function positionRoutes(): Router {
  const router = Router();
  const paged = validate({ query: pageQuerySchema });

  router.get('/freight/:id/location', requireUser, async (req, res) => {
    res.json(await getLocation(currentActor(req), String(req.params.id)));
  });

  const location = validate({ body: locationUpdateSchema });
  router.post('/freight/:id/location', requireUser, location, async (req, res) => {
    res.json(await updateLocation(currentActor(req), String(req.params.id), location.input(res).body));
  });

  router.get('/freight/:id/location/history', requireUser, paged, async (req, res) => {
    res.json(await locationHistory(currentActor(req), String(req.params.id), paged.input(res).query));
  });
  return router;
}
