import { LOCATION_SHARE_INTERVAL_MS } from '@freight/shared';
import { describe, expect, it } from 'vitest';
import { MIN_SEND_GAP_MS, shouldSend } from './locationSharing';

const start = { lat: 41.8781, lng: -87.6298, at: 1_000_000 };
/** `meters` due north of the start. */
const north = (meters: number) => ({ ...start, lat: start.lat + meters / 111_195 });

describe('shouldSend (every 30 s or 500 m, whichever comes first, within the rate limit)', () => {
  it('sends the first fix at once', () => {
    expect(shouldSend(null, start, start.at)).toBe(true);
  });

  it('holds a fix that moved less than 500 m until 30 s have passed', () => {
    expect(shouldSend(start, north(450), start.at + 10_000)).toBe(false);
    expect(shouldSend(start, north(450), start.at + LOCATION_SHARE_INTERVAL_MS - 1)).toBe(false);
    expect(shouldSend(start, north(0), start.at + LOCATION_SHARE_INTERVAL_MS)).toBe(true);
  });

  it('sends a fix 500 m away before 30 s, but never sooner than the rate limit allows', () => {
    expect(MIN_SEND_GAP_MS).toBe(2_000);
    expect(shouldSend(start, north(520), start.at + 3_000)).toBe(true);
    expect(shouldSend(start, north(5_000), start.at + 1_000)).toBe(false);
    // Two loads shared from one device: each waits twice as long.
    expect(shouldSend(start, north(5_000), start.at + 3_000, 2 * MIN_SEND_GAP_MS)).toBe(false);
    expect(shouldSend(start, north(5_000), start.at + 4_000, 2 * MIN_SEND_GAP_MS)).toBe(true);
  });
});
