import { placeResolveSchema, placeSearchSchema, unknownPlaceMessage } from '@freight/shared';
import { Router } from 'express';
import { validate } from '../../http/validate';
import { notFound } from '../../http/errors';
import { resolvePlace, suggestPlaces } from './gazetteer';

/** GET /api/places?q=: US cities and ZIP codes for the city fields' autocomplete (public, like the board). */
export const placesRouter = Router();

const search = validate({ query: placeSearchSchema });
placesRouter.get('/places', search, (_req, res) => {
  const { q, limit } = search.input(res).query;
  res.set('Cache-Control', 'public, max-age=86400');
  res.json({ items: suggestPlaces(q, limit) });
});

/**
 * GET /api/places/resolve?q=: the one place a whole text names ("Chicago, IL", "chicago il", "60601"), so a place
 * typed in full counts without waiting for the suggestions (issue 23); 404 with a message naming it otherwise.
 */
const resolve = validate({ query: placeResolveSchema });
placesRouter.get('/places/resolve', resolve, (_req, res) => {
  const { q } = resolve.input(res).query;
  const place = resolvePlace(q);
  if (!place) throw notFound(unknownPlaceMessage(q));
  res.set('Cache-Control', 'public, max-age=86400');
  res.json({ place });
});
