import { geocoderUrl, logger } from '../../infra/services';

/** A street address to look up: a US stop's street, city, state and ZIP. */
export interface AddressQuery {
  street: string;
  city: string;
  state: string;
  zip: string | null;
}

/**
 * What the geocoder said: the point found; that there is no such address; or that it could not answer (unreachable,
 * slow, an error status, an answer that is not a search result). Null from `geocodeAddress` means none is configured.
 */
export type GeocodeResult =
  | { kind: 'found'; lat: number; lng: number }
  | { kind: 'not_found' }
  | { kind: 'unavailable'; reason: string };

const TIMEOUT_MS = 3_000;
// Nominatim's usage policy asks every client to name itself.
const USER_AGENT = 'FreightConnect/1.0 (freight marketplace; stop addresses)';

/**
 * Looks the address up at the configured Nominatim-compatible geocoder (GEOCODER_URL, issue 39): its structured
 * search, one result, US only. Null when no geocoder is configured.
 */
export async function geocodeAddress(q: AddressQuery): Promise<GeocodeResult | null> {
  const base = geocoderUrl();
  if (!base) return null;
  const url = new URL(`${base.replace(/\/+$/, '')}/search`);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', '1');
  url.searchParams.set('street', q.street);
  url.searchParams.set('city', q.city);
  url.searchParams.set('state', q.state);
  if (q.zip) url.searchParams.set('postalcode', q.zip);
  url.searchParams.set('countrycodes', 'us');
  try {
    const res = await fetch(url, {
      headers: { 'User-Agent': USER_AGENT, Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) return unavailable(`status ${res.status}`);
    const body = (await res.json()) as unknown;
    if (!Array.isArray(body)) return unavailable('the answer is not a list of results');
    if (body.length === 0) return { kind: 'not_found' };
    const first = body[0] as { lat?: unknown; lon?: unknown };
    const lat = Number(first.lat);
    const lng = Number(first.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
      return unavailable('a result without a valid lat and lon');
    return { kind: 'found', lat, lng };
  } catch (err) {
    return unavailable(err instanceof Error ? err.message : String(err));
  }
}

function unavailable(reason: string): GeocodeResult {
  logger().warn(`geocoder: ${reason}; the stop's point falls back to its ZIP's or city's centre`);
  return { kind: 'unavailable', reason };
}
