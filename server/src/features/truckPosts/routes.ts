import {
  myTruckPostsSchema,
  offerLoadToTruckSchema,
  truckPostInputSchema,
  truckPostSearchSchema,
  truckPostUpdateSchema,
} from '@freight/shared';
import { Router, type Request } from 'express';
import { currentActor, currentUser, requireUser } from '../../http/auth';
import { validate } from '../../http/validate';
import type { Runtime } from '../../runtimeTypes';
import { offerLoadToTruck } from './offers';
import {
  editTruckPost,
  getTruckPost,
  myTruckPosts,
  postTruck,
  searchTruckPosts,
  withdrawTruckPost,
} from './service';

const param = (req: Request, name: string) => String(req.params[name]);

/** Posted trucks (issue 29): the Trucks board, My Truck Posts, and offering a load to a truck. */
export function createTruckPostsRouter(_rt: Runtime): Router {
  const router = Router();
  const search = validate({ query: truckPostSearchSchema });
  router.get('/truck-posts', requireUser, search, async (req, res) => {
    res.json(await searchTruckPosts(currentActor(req), search.input(res).query));
  });
  const mine = validate({ query: myTruckPostsSchema });
  router.get('/truck-posts/mine', requireUser, mine, async (req, res) => {
    res.json(await myTruckPosts(currentActor(req), mine.input(res).query));
  });
  const post = validate({ body: truckPostInputSchema });
  router.post('/truck-posts', requireUser, post, async (req, res) => {
    res.status(201).json(await postTruck(currentActor(req), currentUser(req), post.input(res).body));
  });
  router.get('/truck-posts/:id', requireUser, async (req, res) => {
    res.json(await getTruckPost(currentActor(req), param(req, 'id')));
  });
  const edit = validate({ body: truckPostUpdateSchema });
  router.patch('/truck-posts/:id', requireUser, edit, async (req, res) => {
    res.json(await editTruckPost(currentActor(req), param(req, 'id'), edit.input(res).body));
  });
  router.post('/truck-posts/:id/withdraw', requireUser, async (req, res) => {
    res.json(await withdrawTruckPost(currentActor(req), param(req, 'id')));
  });
  const offer = validate({ body: offerLoadToTruckSchema });
  router.post('/truck-posts/:id/offers', requireUser, offer, async (req, res) => {
    res.status(201).json(await offerLoadToTruck(currentActor(req), param(req, 'id'), offer.input(res).body));
  });
  return router;
}
