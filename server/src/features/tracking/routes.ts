import { Router } from 'express';
import type { Runtime } from '../../runtime';

export function createTrackingRouter(_rt: Runtime): Router {
  const router = Router();
  return router;
}
