import { Router } from 'express';
import type { Runtime } from '../../runtime';

export function createDocumentsRouter(_rt: Runtime): Router {
  const router = Router();
  return router;
}
