import { Router, type Request } from 'express';
import { requireUser } from '../../http/auth';
import { toActor } from '../../policies';
import type { Runtime } from '../../runtimeTypes';
import { facilityPage, loadFacilityDwell } from './service';

const param = (req: Request, name: string) => String(req.params[name]);

/** Facility dwell scorecards (issue 41, slice 4). */
export function createFacilitiesRouter(_rt: Runtime): Router {
  const router = Router();
  // Public as the board is: an open load's facilities' figures (the signed-out see them too).
  router.get('/freight/:id/facility-dwell', async (req, res) => {
    res.json(await loadFacilityDwell(req.user ? toActor(req.user) : null, param(req, 'id')));
  });
  router.get('/facilities/:key', requireUser, async (req, res) => {
    res.json(await facilityPage(param(req, 'key')));
  });
  return router;
}
