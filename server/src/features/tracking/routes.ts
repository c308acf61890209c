import { Router } from 'express';
import { requireUser } from '../../http/auth';
import type { Runtime } from '../../runtimeTypes';
import { chatRoutes } from './chat/routes';
import { loadRoutes } from './loads/routes';
import { photoRoutes } from './photos/routes';
import { positionRoutes } from './positions/routes';
import { stopRoutes } from './stops/routes';
import { stopClockRoutes } from './stopClock/routes';

/** Tracking (SPEC §7 calls 14-19): location, status, photos and chat of a load, for its participants only. */
export function createTrackingRouter(_rt: Runtime): Router {
  const router = Router();
  router.use('/tracking', requireUser);
  router.use(loadRoutes(), stopRoutes(), stopClockRoutes(), positionRoutes(), photoRoutes(), chatRoutes());
  return router;
}
