import { US_STATES, type PlaceDto } from '@freight/shared';
import { apiRequest, errorStatus } from './api';

const STATES: ReadonlySet<string> = new Set(US_STATES);

/**
 * Whether typed text names a whole place rather than part of a city's name (issue 23): a 5-digit ZIP (or a ZIP
 * suggestion's label), a city with a comma and a state ("Chicago, IL"), or a city followed by a state code
 * ("Chicago IL"). Anything else ("Chic", "Fort Worth") stays a city-name filter.
 */
export function looksLikePlace(text: string): boolean {
  const t = text.trim();
  if (/^\d{5}(\s*\(.*\))?$/.test(t)) return true;
  if (/^[^,]+,\s*[A-Za-z]{2}$/.test(t)) return true;
  const last = /\s([A-Za-z]{2})$/.exec(t);
  return Boolean(last && STATES.has(last[1]!.toUpperCase()) && t.length > 3);
}

/** The place a whole text names (GET /api/places/resolve), or null when the gazetteer does not know it. */
export async function resolvePlaceText(text: string): Promise<PlaceDto | null> {
  try {
    const answer = await apiRequest<{ place: PlaceDto }>(
      'GET',
      `/api/places/resolve?q=${encodeURIComponent(text.trim())}`,
      undefined,
      { expectsSession: false },
    );
    return answer.place;
  } catch (err) {
    if (errorStatus(err) === 404) return null;
    throw err;
  }
}
