import { describe, expect, it } from 'vitest';
import { deliveryArrival } from './deliveryArrival';

const DALLAS = { lat: 32.7767, lng: -96.797 };

describe('whether the truck has arrived at the delivery stop (issue 39), on the server and the screen alike', () => {
  it('counts a check-in at delivery, wherever the last position was', () => {
    expect(deliveryArrival(DALLAS, { lat: 41.88, lng: -87.63 }, true).arrival).toBe('checked_in');
  });

  it('counts a position within 10 miles of the delivery place, and nothing farther or unknown', () => {
    expect(deliveryArrival(DALLAS, { lat: 32.8, lng: -96.85 }, false).arrival).toBe('nearby');
    const far = deliveryArrival(DALLAS, { lat: 35.4676, lng: -97.5164 }, false);
    expect(far.arrival).toBeNull();
    expect(Math.round(far.milesAway!)).toBe(190);
    expect(deliveryArrival(DALLAS, null, false)).toEqual({ arrival: null, milesAway: null });
  });

  it('does not check a delivery place the gazetteer cannot put on the map', () => {
    expect(deliveryArrival(null, null, false).arrival).toBe('unplaced');
  });
});
