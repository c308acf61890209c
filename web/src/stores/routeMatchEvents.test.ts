import { describe, expect, it } from 'vitest';
import type { DriverRouteDto, RouteMatchDto, ShipmentOfferDto, SmallShipmentDto } from '@freight/shared';
import {
  matchesAfterOffer,
  matchesAfterPosted,
  matchesAfterUpdated,
  type RouteMatches,
} from './routeMatchEvents';

const route = {
  id: 'r1',
  status: 'active',
  originCity: 'Austin',
  originState: 'TX',
  destinationCity: 'Dallas',
  destinationState: 'TX',
} as DriverRouteDto;
const shipment = (id: string, changes: Partial<SmallShipmentDto> = {}) =>
  ({
    id,
    status: 'posted',
    originCity: 'Austin',
    originState: 'TX',
    destinationCity: 'Dallas',
    destinationState: 'TX',
    matchedOfferId: null,
    ...changes,
  }) as SmallShipmentDto;
const match = (id: string, myOffer: ShipmentOfferDto | null = null) =>
  ({ ...shipment(id), myOffer }) as RouteMatchDto;
const list = (items: RouteMatchDto[], page = 1): RouteMatches => ({
  items,
  page,
  total: items.length,
  status: 'loaded',
});

describe('route match events', () => {
  it('puts a matching new shipment first on page 1 of an active route', () => {
    const next = matchesAfterPosted({ r1: list([match('a')]) }, [route], shipment('b'));
    expect(next.r1.items.map((m) => m.id)).toEqual(['b', 'a']);
    expect(next.r1.total).toBe(2);
    expect(next.r1.items[0].myOffer).toBeNull();
  });

  it('only counts it on a later page, and ignores other routes, closed routes and closed lists', () => {
    expect(matchesAfterPosted({ r1: list([match('a')], 2) }, [route], shipment('b')).r1).toMatchObject({
      items: [match('a')],
      total: 2,
    });
    const elsewhere = shipment('b', { destinationState: 'OK' });
    expect(matchesAfterPosted({ r1: list([]) }, [route], elsewhere).r1.total).toBe(0);
    expect(
      matchesAfterPosted({ r1: list([]) }, [{ ...route, status: 'closed' }], shipment('b')).r1.total,
    ).toBe(0);
    expect(matchesAfterPosted({}, [route], shipment('b'))).toEqual({});
  });

  it('drops a shipment taken by someone else and keeps the one the driver won', () => {
    const mine = { id: 'o1' } as ShipmentOfferDto;
    const lists = { r1: list([match('a'), match('b', mine)]) };
    const lost = matchesAfterUpdated(lists, shipment('a', { status: 'matched', matchedOfferId: 'x' }));
    expect(lost.r1).toMatchObject({ items: [match('b', mine)], total: 1 });
    const won = matchesAfterUpdated(lists, shipment('b', { status: 'matched', matchedOfferId: 'o1' }));
    expect(won.r1.items[1]).toMatchObject({ id: 'b', status: 'matched', myOffer: mine });
    expect(matchesAfterUpdated(lists, shipment('a'))).toBe(lists);
  });

  it('shows the driver’s offer on its shipment', () => {
    const offer = { id: 'o2', shipmentId: 'a' } as ShipmentOfferDto;
    expect(
      matchesAfterOffer({ r1: list([match('a'), match('b')]) }, offer).r1.items.map((m) => m.myOffer),
    ).toEqual([offer, null]);
  });
});
