import {
  haversineMiles,
  LOCATION_SHARE_DISTANCE_METERS,
  LOCATION_SHARE_INTERVAL_MS,
  RATE_LIMITS,
  type ErrorCode,
} from '@freight/shared';

/** A position the device reported, or one that was sent (epoch ms). */
export interface Fix {
  lat: number;
  lng: number;
  at: number;
}

const METERS_PER_MILE = 1609.344;

/** The least time between two sends for one load: the location rate limit spread evenly over its window. */
export const MIN_SEND_GAP_MS = Math.ceil((RATE_LIMITS.location.seconds * 1000) / RATE_LIMITS.location.points);

/**
 * Whether the newest fix goes to the server now (issue 16): the first one at once; after that when
 * LOCATION_SHARE_INTERVAL_MS has passed since the last send or the truck has moved LOCATION_SHARE_DISTANCE_METERS,
 * whichever comes first, and never sooner than `minGap` after the last send (the rate limit, shared by the loads
 * one device shares for).
 */
export function shouldSend(last: Fix | null, fix: Fix, now: number, minGap = MIN_SEND_GAP_MS): boolean {
  if (!last) return true;
  const elapsed = now - last.at;
  if (elapsed < minGap) return false;
  if (elapsed >= LOCATION_SHARE_INTERVAL_MS) return true;
  return (
    haversineMiles(last.lat, last.lng, fix.lat, fix.lng) * METERS_PER_MILE >= LOCATION_SHARE_DISTANCE_METERS
  );
}

/**
 * A refusal that ends sharing for a load, by its code: the load left booked or in transit (LOCATION_NOT_UPDATABLE),
 * is not this carrier's (FORBIDDEN) or is gone (NOT_FOUND); as opposed to one worth retrying (throttled, offline).
 */
export const endsSharing = (code: ErrorCode | null) =>
  code === 'LOCATION_NOT_UPDATABLE' || code === 'FORBIDDEN' || code === 'NOT_FOUND';
