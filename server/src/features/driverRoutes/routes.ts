import { driverRouteSchema } from '@freight/shared';
import { Router } from 'express';
import { currentActor, requireUser } from '../../http/auth';
import { pageQuerySchema, validate } from '../../http/validate';
import type { Runtime } from '../../runtimeTypes';
import { closeRoute, createRoute, listRoutes, routeMatches, updateRoute } from './service';

export function createDriverRoutesRouter(_rt: Runtime): Router {
  const router = Router();
  router.use('/driver-routes', requireUser);
  const paged = validate({ query: pageQuerySchema });
  const route = validate({ body: driverRouteSchema });

  router.get('/driver-routes', paged, async (req, res) => {
    res.json(await listRoutes(currentActor(req), paged.input(res).query));
  });

  router.post('/driver-routes', route, async (req, res) => {
    res.status(201).json(await createRoute(currentActor(req), route.input(res).body));
  });

  router.put('/driver-routes/:id', route, async (req, res) => {
    res.json(await updateRoute(currentActor(req), req.params.id, route.input(res).body));
  });

  router.post('/driver-routes/:id/close', async (req, res) => {
    res.json(await closeRoute(currentActor(req), req.params.id));
  });

  router.get('/driver-routes/:id/matches', paged, async (req, res) => {
    res.json(await routeMatches(currentActor(req), req.params.id, paged.input(res).query));
  });

  return router;
}
