import { Router } from 'express';
import { currentActor, requireUser } from '../../http/auth';
import { pageQuerySchema, parse } from '../../http/validate';
import type { Runtime } from '../../runtime';
import { closeRoute, createRoute, listRoutes, routeMatches, updateRoute } from './service';

export function createDriverRoutesRouter(_rt: Runtime): Router {
  const router = Router();
  router.use('/driver-routes', requireUser);

  router.get('/driver-routes', async (req, res) => {
    const { page, pageSize } = parse(pageQuerySchema, req.query);
    res.json(await listRoutes(currentActor(req), page, pageSize));
  });

  router.post('/driver-routes', async (req, res) => {
    res.status(201).json(await createRoute(currentActor(req), req.body));
  });

  router.put('/driver-routes/:id', async (req, res) => {
    res.json(await updateRoute(currentActor(req), req.params.id, req.body));
  });

  router.post('/driver-routes/:id/close', async (req, res) => {
    res.json(await closeRoute(currentActor(req), req.params.id));
  });

  router.get('/driver-routes/:id/matches', async (req, res) => {
    const { page, pageSize } = parse(pageQuerySchema, req.query);
    res.json(await routeMatches(currentActor(req), req.params.id, page, pageSize));
  });

  return router;
}
