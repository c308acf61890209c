import { z } from 'zod';

/** A US place as the gazetteer knows it: a city (the centroid of its ZIP codes) or one ZIP code. */
export interface PlaceDto {
  /** "Reno, NV", or "89501 (Reno, NV)" for a ZIP code. */
  label: string;
  city: string;
  state: string;
  zip: string | null;
  lat: number;
  lng: number;
}

export const PLACE_SUGGESTION_LIMIT = 10;

/** GET /api/places?q=: a city prefix ("Reno, N") or a ZIP prefix ("895"). */
export const placeSearchSchema = z.object({
  q: z
    .string({ message: 'q is required' })
    .trim()
    .min(2, 'Type at least 2 characters of a city or ZIP code')
    .max(80),
  limit: z.coerce.number().int().min(1).max(PLACE_SUGGESTION_LIMIT).default(PLACE_SUGGESTION_LIMIT),
});
export type PlaceSearchQuery = z.output<typeof placeSearchSchema>;

/** GET /api/places/resolve?q=: a whole place as typed ("Chicago, IL", "chicago il", "60601"). */
export const placeResolveSchema = z.object({
  q: z.string({ message: 'q is required' }).trim().min(1, 'q is required').max(80),
});

/** What a place the gazetteer does not know is told by GET /api/places/resolve (and the board). */
export function unknownPlaceMessage(text: string): string {
  return `No US place "${text.trim()}": type a city with its state (e.g. "Reno, NV") or a 5-digit ZIP code, or pick one from the list`;
}

/** Road miles are estimated as the great-circle distance times this factor (a common US circuity figure). */
export const ROAD_CIRCUITY = 1.2;
