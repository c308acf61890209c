import { ratingInputSchema } from '@freight/shared';
import { Router, type Request } from 'express';
import { currentActor, requireUser } from '../../http/auth';
import { validate } from '../../http/validate';
import { changeRating, loadRatings, rateLoad } from './service';

const loadIdOf = (req: Request) => String(req.params.id);

/** Ratings both ways (issue 40, item 5): a load's ratings as its side sees them, giving one, and changing it. */
export function createRatingsRouter(): Router {
  const router = Router();
  router.get('/freight/:id/ratings', requireUser, async (req, res) => {
    res.json(await loadRatings(currentActor(req), loadIdOf(req)));
  });
  const rate = validate({ body: ratingInputSchema });
  router.post('/freight/:id/rating', requireUser, rate, async (req, res) => {
    res.status(201).json(await rateLoad(currentActor(req), loadIdOf(req), rate.input(res).body));
  });
  router.patch('/freight/:id/rating', requireUser, rate, async (req, res) => {
    res.json(await changeRating(currentActor(req), loadIdOf(req), rate.input(res).body));
  });
  return router;
}
