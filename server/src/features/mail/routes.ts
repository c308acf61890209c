import { Router } from 'express';
import { currentActor, requireUser } from '../../http/auth';
import { pageQuerySchema, validate } from '../../http/validate';
import { listMailbox } from './mailbox';

/** The admin mailbox (issue 27): the mail `npm start`'s embedded sink received. */
export function createMailRouter(): Router {
  const router = Router();
  const paged = validate({ query: pageQuerySchema });
  router.get('/admin/mail', requireUser, paged, async (req, res) => {
    res.json(await listMailbox(currentActor(req), paged.input(res).query));
  });
  return router;
}
