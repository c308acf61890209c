import { placeSearchSchema } from '@freight/shared';
import { Router } from 'express';
import { validate } from '../../http/validate';
import { suggestPlaces } from './gazetteer';

/** GET /api/places?q=: US cities and ZIP codes for the city fields' autocomplete (public, like the board). */
export const placesRouter = Router();

const search = validate({ query: placeSearchSchema });
placesRouter.get('/places', search, (_req, res) => {
  const { q, limit } = search.input(res).query;
  res.set('Cache-Control', 'public, max-age=86400');
  res.json({ items: suggestPlaces(q, limit) });
});
