import { describe, expect, it } from 'vitest';
import type { MySmallShipmentDto, ShipmentOfferDto } from '@freight/shared';
import { withOffer } from './shipmentOffers';

describe('withOffer', () => {
  const first = { id: 'o1', shipmentId: 's1', price: 10 } as ShipmentOfferDto;
  const shipments = [
    { id: 's1', offers: [first] },
    { id: 's2', offers: [] },
  ] as unknown as MySmallShipmentDto[];

  it('adds a new offer to its shipment', () => {
    const second = { id: 'o2', shipmentId: 's1' } as ShipmentOfferDto;
    expect(withOffer(shipments, second)[0].offers).toEqual([first, second]);
  });

  it('replaces a revised offer in place and leaves other shipments alone', () => {
    const revised = { ...first, price: 12 };
    const next = withOffer(shipments, revised);
    expect(next[0].offers).toEqual([revised]);
    expect(next[1]).toBe(shipments[1]);
  });
});
