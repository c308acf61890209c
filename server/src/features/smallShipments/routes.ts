import { Router } from 'express';
import { currentActor, requireUser } from '../../http/auth';
import { pageQuerySchema, parse } from '../../http/validate';
import type { Runtime } from '../../runtime';
import { acceptOffer, createSmallShipment, listMyShipments, makeOffer } from './service';

export function createSmallShipmentsRouter(_rt: Runtime): Router {
  const router = Router();
  router.use(['/small-shipments', '/shipment-offers'], requireUser);

  /** Call 30. */
  router.post('/small-shipments', async (req, res) => {
    res.status(201).json(await createSmallShipment(currentActor(req), req.body));
  });

  /** The caller's shipments with their offers (the dashboard's My Shipments card). */
  router.get('/small-shipments', async (req, res) => {
    const { page, pageSize } = parse(pageQuerySchema, req.query);
    res.json(await listMyShipments(currentActor(req), page, pageSize));
  });

  router.post('/small-shipments/:id/offers', async (req, res) => {
    res.status(201).json(await makeOffer(currentActor(req), req.params.id, req.body));
  });

  router.post('/shipment-offers/:id/accept', async (req, res) => {
    res.json(await acceptOffer(currentActor(req), req.params.id, req.body));
  });

  return router;
}
