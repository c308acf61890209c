import { describe, expect, it } from 'vitest';
import { estimateArrival, ETA_MAX_MPH, ETA_TYPICAL_MPH, recentSpeedMph, type EtaFix } from './eta';
import { haversineMiles } from './geo';
import { ROAD_CIRCUITY } from './places';

const MIN = 60_000;
const chicago = { lat: 41.8781, lng: -87.6298 };
const indianapolis = { lat: 39.7684, lng: -86.1581 };
const columbus = { lat: 39.9612, lng: -82.9988 };

/** Points along the meridian from `start`, `milesPerStep` apart every `minutes`. */
function trailNorth(start: EtaFix, steps: number, milesPerStep: number, minutes: number): EtaFix[] {
  return Array.from({ length: steps + 1 }, (_, i) => ({
    lat: start.lat + (i * milesPerStep) / 69.05,
    lng: start.lng,
    at: start.at + i * minutes * MIN,
  }));
}

describe('recentSpeedMph', () => {
  it('is the road miles of the last hour over its time, once the trail spans ten minutes', () => {
    const trail = trailNorth({ ...indianapolis, at: 0 }, 6, 4, 5); // 4 straight miles every 5 min = 48 mph
    expect(recentSpeedMph(trail)).toBeCloseTo(48 * ROAD_CIRCUITY, 0);
    expect(recentSpeedMph(trail.slice(0, 2))).toBeNull(); // 5 minutes: too short to say
    expect(recentSpeedMph([])).toBeNull();
  });

  it('reads only the last hour, and keeps the speed within bounds', () => {
    const slowThenFast = [
      ...trailNorth({ ...indianapolis, at: 0 }, 12, 0.1, 10), // two hours crawling
      ...trailNorth({ lat: indianapolis.lat + 1.2 / 69.05, lng: indianapolis.lng, at: 125 * MIN }, 6, 5, 10),
    ];
    expect(recentSpeedMph(slowThenFast)).toBeCloseTo(30 * ROAD_CIRCUITY, 0);
    expect(recentSpeedMph(trailNorth({ ...indianapolis, at: 0 }, 3, 0, 10))).toBe(10); // parked
    expect(recentSpeedMph(trailNorth({ ...indianapolis, at: 0 }, 3, 40, 10))).toBe(ETA_MAX_MPH); // a GPS jump
  });
});

describe('estimateArrival', () => {
  it('runs through the pickup until the load is loaded, and at the typical speed without a trail', () => {
    const position = { ...chicago, at: 1_000 * MIN };
    const base = { position, trail: [position], pickup: indianapolis, delivery: columbus, now: position.at };
    const direct = estimateArrival({ ...base, viaPickup: false })!;
    const via = estimateArrival({ ...base, viaPickup: true })!;
    const miles = (a: typeof chicago, b: typeof chicago) =>
      haversineMiles(a.lat, a.lng, b.lat, b.lng) * ROAD_CIRCUITY;
    expect(direct.milesToGo).toBeCloseTo(miles(chicago, columbus), 6);
    expect(via.milesToGo).toBeCloseTo(miles(chicago, indianapolis) + miles(indianapolis, columbus), 6);
    expect(direct.speedFrom).toBe('typical');
    expect(direct.arrivesAt - position.at).toBeCloseTo((direct.milesToGo / ETA_TYPICAL_MPH) * 60 * MIN, 0);
  });

  it('uses the recent speed, counts from now when the last position is older, and needs both ends', () => {
    const trail = trailNorth({ ...indianapolis, at: 0 }, 6, 4, 5);
    const position = trail[trail.length - 1];
    const now = position.at + 20 * MIN;
    const eta = estimateArrival({
      position,
      trail,
      pickup: null,
      delivery: columbus,
      viaPickup: false,
      now,
    })!;
    expect(eta.speedFrom).toBe('recent');
    expect(eta.arrivesAt).toBeCloseTo(now + (eta.milesToGo / eta.mph) * 60 * MIN, 0);
    const none = { trail, pickup: null, viaPickup: false, now };
    expect(estimateArrival({ ...none, position: null, delivery: columbus })).toBeNull();
    expect(estimateArrival({ ...none, position, delivery: null })).toBeNull();
  });
});
