/**
 * The tracking page's ETA (issue 16): the road miles left to the delivery place (via the pickup while the load is
 * not loaded yet) at the speed the truck made over its recent trail, or a typical truck speed while the trail is
 * too short to say. Pure, so the page recomputes it with every position that arrives.
 */
import { haversineMiles } from './geo';
import { ROAD_CIRCUITY } from './places';

export interface EtaPlace {
  lat: number;
  lng: number;
}
export interface EtaFix extends EtaPlace {
  /** When the position was taken (epoch ms). */
  at: number;
}

/** The recent speed is read over this window of the trail, once it spans at least ETA_MIN_SPAN_MS. */
export const ETA_SPEED_WINDOW_MS = 60 * 60 * 1000;
export const ETA_MIN_SPAN_MS = 10 * 60 * 1000;
/** Assumed while the trail is too short: a loaded truck's average over a day's driving. */
export const ETA_TYPICAL_MPH = 50;
/** The recent speed is kept within these bounds: stops count, but a parked hour is not the rest of the trip. */
export const ETA_MIN_MPH = 10;
export const ETA_MAX_MPH = 65;

export interface Eta {
  /** Road miles left (great circle × ROAD_CIRCUITY, like the board's estimates). */
  milesToGo: number;
  mph: number;
  /** 'recent': measured on the trail; 'typical': ETA_TYPICAL_MPH. */
  speedFrom: 'recent' | 'typical';
  /** Epoch ms. */
  arrivesAt: number;
}

const roadMiles = (a: EtaPlace, b: EtaPlace) => haversineMiles(a.lat, a.lng, b.lat, b.lng) * ROAD_CIRCUITY;

/** Miles driven over the trail's last ETA_SPEED_WINDOW_MS divided by the time, or null when it spans too little. */
export function recentSpeedMph(trail: readonly EtaFix[]): number | null {
  if (trail.length < 2) return null;
  const last = trail[trail.length - 1];
  let miles = 0;
  let first = last;
  for (let i = trail.length - 2; i >= 0 && last.at - trail[i].at <= ETA_SPEED_WINDOW_MS; i--) {
    miles += haversineMiles(trail[i].lat, trail[i].lng, first.lat, first.lng);
    first = trail[i];
  }
  const span = last.at - first.at;
  if (span < ETA_MIN_SPAN_MS) return null;
  const mph = (miles * ROAD_CIRCUITY) / (span / 3_600_000);
  return Math.min(ETA_MAX_MPH, Math.max(ETA_MIN_MPH, mph));
}

/**
 * When the load reaches the delivery place, counted from its last position (or now, if that is later), or null
 * when there is no position or no delivery place to measure from.
 */
export function estimateArrival(input: {
  position: EtaFix | null;
  /** Oldest → newest. */
  trail: readonly EtaFix[];
  pickup: EtaPlace | null;
  delivery: EtaPlace | null;
  /** Not loaded yet: the miles run through the pickup first. */
  viaPickup: boolean;
  now: number;
}): Eta | null {
  const { position, delivery, pickup } = input;
  if (!position || !delivery) return null;
  const milesToGo =
    input.viaPickup && pickup
      ? roadMiles(position, pickup) + roadMiles(pickup, delivery)
      : roadMiles(position, delivery);
  const recent = recentSpeedMph(input.trail);
  const mph = recent ?? ETA_TYPICAL_MPH;
  const from = Math.max(position.at, input.now);
  return {
    milesToGo,
    mph,
    speedFrom: recent === null ? 'typical' : 'recent',
    arrivesAt: from + (milesToGo / mph) * 3_600_000,
  };
}
