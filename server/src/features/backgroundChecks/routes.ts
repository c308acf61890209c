import { backgroundCheckReviewSchema, backgroundCheckSchema } from '@freight/shared';
import { Router } from 'express';
import { currentActor, requireUser } from '../../http/auth';
import { pageQuerySchema, validate } from '../../http/validate';
import type { Runtime } from '../../runtimeTypes';
import {
  getMyBackgroundCheck,
  listPendingBackgroundChecks,
  reviewBackgroundCheck,
  submitBackgroundCheck,
} from './service';

/** Background checks (issue 16): the driver's own, and the admins' queue. */
export function createBackgroundChecksRouter(_rt: Runtime): Router {
  const router = Router();
  router.use(['/background-check', '/admin/background-checks'], requireUser);

  router.get('/background-check', async (req, res) => {
    res.json(await getMyBackgroundCheck(currentActor(req)));
  });

  const submission = validate({ body: backgroundCheckSchema });
  router.post('/background-check', submission, async (req, res) => {
    res.status(201).json(await submitBackgroundCheck(currentActor(req), submission.input(res).body));
  });

  const paged = validate({ query: pageQuerySchema });
  router.get('/admin/background-checks', paged, async (req, res) => {
    res.json(await listPendingBackgroundChecks(currentActor(req), paged.input(res).query));
  });

  const review = validate({ body: backgroundCheckReviewSchema });
  router.post('/admin/background-checks/:id/review', review, async (req, res) => {
    res.json(await reviewBackgroundCheck(currentActor(req), String(req.params.id), review.input(res).body));
  });

  return router;
}
