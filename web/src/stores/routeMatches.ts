import type {
  DriverRouteDto,
  Page,
  RouteMatchDto,
  ShipmentOfferDto,
  ShipmentOfferInput,
  SmallShipmentDto,
} from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createKeyedListsStore } from '../lib/resourceStore';
import {
  MATCHES_PAGE_SIZE,
  matchesAfterOffer,
  matchesAfterPosted,
  matchesAfterUpdated,
} from './routeMatchEvents';

interface RouteMatchesActions {
  makeOffer: (shipmentId: string, input: ShipmentOfferInput) => Promise<ShipmentOfferDto>;
  /** `smallShipment:posted` by someone else, checked against the driver's routes. */
  receivePosted: (shipment: SmallShipmentDto, routes: DriverRouteDto[]) => void;
  receiveUpdated: (shipment: SmallShipmentDto) => void;
  /** One of the driver's own offers. */
  receiveOffer: (offer: ShipmentOfferDto) => void;
}

/**
 * A pushed shipment or offer carries no viewer's actions: the lists showing it are read again (their page) for what
 * the driver may now do with it. Shown at once meanwhile.
 */
function rereadListsHolding(shipmentId: string): void {
  const { lists, load } = useRouteMatchesStore.getState();
  for (const [routeId, list] of Object.entries(lists)) {
    if (list.items.some((m) => m.id === shipmentId)) void load(routeId, list.page);
  }
}

/** The shipments matching each of the driver's routes whose list is open (by route id), live through socketRoutes. */
export const useRouteMatchesStore = createKeyedListsStore<RouteMatchDto, RouteMatchesActions>({
  name: 'route matches',
  fetchPage: (routeId, page) =>
    apiRequest<Page<RouteMatchDto>>(
      'GET',
      `/api/driver-routes/${routeId}/matches?page=${page}&pageSize=${MATCHES_PAGE_SIZE}`,
    ),
  extend: (set, get) => ({
    makeOffer: async (shipmentId, input) => {
      const offer = await apiRequest<ShipmentOfferDto>(
        'POST',
        `/api/small-shipments/${shipmentId}/offers`,
        input,
      );
      get().receiveOffer(offer);
      return offer;
    },
    receivePosted: (shipment, routes) => {
      set((s) => ({ lists: matchesAfterPosted(s.lists, routes, shipment) }));
      rereadListsHolding(shipment.id);
    },
    receiveUpdated: (shipment) => {
      set((s) => ({ lists: matchesAfterUpdated(s.lists, shipment) }));
      rereadListsHolding(shipment.id);
    },
    receiveOffer: (offer) => {
      set((s) => ({ lists: matchesAfterOffer(s.lists, offer) }));
      rereadListsHolding(offer.shipmentId);
    },
  }),
});
