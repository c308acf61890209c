import { loadHistoryQuerySchema } from '@freight/shared';
import { Router } from 'express';
import { currentActor, requireUser } from '../../http/auth';
import { validate } from '../../http/validate';
import { loadHistory } from './service';

/** A load's history (issue 26), for its participants. */
export function createLoadHistoryRouter(): Router {
  const router = Router();
  const query = validate({ query: loadHistoryQuerySchema });
  router.get('/freight/:id/history', requireUser, query, async (req, res) => {
    res.json(await loadHistory(currentActor(req), String(req.params.id), query.input(res).query));
  });
  return router;
}
