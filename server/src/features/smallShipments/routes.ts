import { shipmentOfferAcceptSchema, shipmentOfferSchema, smallShipmentSchema } from '@freight/shared';
import { Router } from 'express';
import { currentActor, requireUser } from '../../http/auth';
import { pageQuerySchema, validate } from '../../http/validate';
import type { Runtime } from '../../runtimeTypes';
import { acceptOffer, createSmallShipment, listMyShipments, makeOffer } from './service';

export function createSmallShipmentsRouter(_rt: Runtime): Router {
  const router = Router();
  router.use(['/small-shipments', '/shipment-offers'], requireUser);

  /** Call 30. */
  const shipment = validate({ body: smallShipmentSchema });
  router.post('/small-shipments', shipment, async (req, res) => {
    res.status(201).json(await createSmallShipment(currentActor(req), shipment.input(res).body));
  });

  /** The caller's shipments with their offers (the dashboard's My Shipments card). */
  const paged = validate({ query: pageQuerySchema });
  router.get('/small-shipments', paged, async (req, res) => {
    res.json(await listMyShipments(currentActor(req), paged.input(res).query));
  });

  const offer = validate({ body: shipmentOfferSchema });
  router.post('/small-shipments/:id/offers', offer, async (req, res) => {
    res.status(201).json(await makeOffer(currentActor(req), req.params.id, offer.input(res).body));
  });

  const acceptance = validate({ body: shipmentOfferAcceptSchema });
  router.post('/shipment-offers/:id/accept', acceptance, async (req, res) => {
    res.json(await acceptOffer(currentActor(req), req.params.id, acceptance.input(res).body));
  });

  return router;
}
