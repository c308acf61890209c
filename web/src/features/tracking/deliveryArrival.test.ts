import { describe, expect, it } from 'vitest';
import { deliveryArrival } from './deliveryArrival';

const DALLAS = { lat: 32.7767, lng: -96.797 };

describe('whether the truck has arrived at the delivery stop (issue 39)', () => {
  it('counts a check-in at delivery, wherever the last position was', () => {
    expect(deliveryArrival(DALLAS, { lat: 41.88, lng: -87.63 }, [{ kind: 'arrived_delivery' }])).toBe(
      'checked_in',
    );
  });

  it('counts a position within 10 miles of the delivery place, and nothing farther or unknown', () => {
    expect(deliveryArrival(DALLAS, { lat: 32.8, lng: -96.85 }, [])).toBe('nearby');
    expect(deliveryArrival(DALLAS, { lat: 35.4676, lng: -97.5164 }, [{ kind: 'loaded' }])).toBeNull();
    expect(deliveryArrival(DALLAS, null, [])).toBeNull();
    expect(deliveryArrival({ lat: null, lng: null }, { lat: 32.8, lng: -96.85 }, [])).toBeNull();
  });
});
