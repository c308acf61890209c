import {
  assignLoadInputSchema,
  driverCdlInputSchema,
  driverMedicalCardInputSchema,
  objectIdParam,
  truckInputSchema,
  truckUpdateSchema,
} from '@freight/shared';
import { Router } from 'express';
import { currentActor, requireUser } from '../../http/auth';
import { pageQuerySchema, validate } from '../../http/validate';
import { rateLimited } from '../../infra/rateLimit';
import { singleFileUpload } from '../../infra/storage';
import type { Runtime } from '../../runtimeTypes';
import { storageQuotaGuard } from '../storageQuota';
import { assignLoad } from './assign.service';
import { listDrivers, myDriverProfile, submitCdl, submitMedicalCard } from './drivers.service';
import { addTruck, getTruck, listTrucks, removeTruck, updateTruck } from './trucks.service';

/** Fleet and dispatch (issue 29): trucks, drivers' compliance, a load's assignment. Mounted under /api. */
export function createFleetRouter(_rt: Runtime): Router {
  const router = Router();
  const paged = validate({ query: pageQuerySchema });

  router.get('/fleet/trucks', requireUser, paged, async (req, res) => {
    res.json(await listTrucks(currentActor(req), paged.input(res).query));
  });
  const addV = validate({ body: truckInputSchema });
  router.post('/fleet/trucks', requireUser, addV, async (req, res) => {
    res.status(201).json(await addTruck(currentActor(req), addV.input(res).body));
  });
  const truckId = validate({ params: objectIdParam('id') });
  router.get('/fleet/trucks/:id', requireUser, truckId, async (req, res) => {
    res.json(await getTruck(currentActor(req), truckId.input(res).params.id as string));
  });
  const editV = validate({ params: objectIdParam('id'), body: truckUpdateSchema });
  router.patch('/fleet/trucks/:id', requireUser, editV, async (req, res) => {
    const { params, body } = editV.input(res);
    res.json(await updateTruck(currentActor(req), params.id as string, body));
  });
  router.delete('/fleet/trucks/:id', requireUser, truckId, async (req, res) => {
    await removeTruck(currentActor(req), truckId.input(res).params.id as string);
    res.status(204).end();
  });

  router.get('/fleet/drivers', requireUser, paged, async (req, res) => {
    res.json(await listDrivers(currentActor(req), paged.input(res).query));
  });
  router.get('/fleet/drivers/me', requireUser, async (req, res) => {
    res.json(await myDriverProfile(currentActor(req)));
  });
  const cdlV = validate({ body: driverCdlInputSchema });
  router.post(
    '/fleet/drivers/me/cdl',
    requireUser,
    rateLimited('upload'),
    storageQuotaGuard,
    singleFileUpload('file'),
    cdlV,
    async (req, res) => {
      res.status(201).json(await submitCdl(currentActor(req), req.file, cdlV.input(res).body));
    },
  );
  const medicalV = validate({ body: driverMedicalCardInputSchema });
  router.post(
    '/fleet/drivers/me/medical-card',
    requireUser,
    rateLimited('upload'),
    storageQuotaGuard,
    singleFileUpload('file'),
    medicalV,
    async (req, res) => {
      res.status(201).json(await submitMedicalCard(currentActor(req), req.file, medicalV.input(res).body));
    },
  );

  const assignV = validate({ params: objectIdParam('id'), body: assignLoadInputSchema });
  router.post('/freight/:id/assignment', requireUser, assignV, async (req, res) => {
    const { params, body } = assignV.input(res);
    res.json(await assignLoad(currentActor(req), params.id as string, body));
  });

  return router;
}
