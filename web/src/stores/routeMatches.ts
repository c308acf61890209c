import { create } from 'zustand';
import type {
  DriverRouteDto,
  Page,
  RouteMatchDto,
  ShipmentOfferDto,
  ShipmentOfferInput,
  SmallShipmentDto,
} from '@freight/shared';
import { apiRequest, logFailure } from '../lib/api';
import {
  MATCHES_PAGE_SIZE,
  matchesAfterOffer,
  matchesAfterPosted,
  matchesAfterUpdated,
  type MatchLists,
} from './routeMatchEvents';

interface RouteMatchesState {
  /** Matches per route id, for the routes whose list is open. */
  lists: MatchLists;
  load: (routeId: string, page?: number) => Promise<void>;
  /** Page 1 again, if the route's list is open (after the route changed). */
  reload: (routeId: string) => Promise<void>;
  hide: (routeId: string) => void;
  /** Every open list's page again. Run on reconnect. */
  refetch: () => Promise<void>;
  makeOffer: (shipmentId: string, input: ShipmentOfferInput) => Promise<ShipmentOfferDto>;
  /** `smallShipment:posted` by someone else, checked against the driver's routes. */
  receivePosted: (shipment: SmallShipmentDto, routes: DriverRouteDto[]) => void;
  receiveUpdated: (shipment: SmallShipmentDto) => void;
  /** One of the driver's own offers. */
  receiveOffer: (offer: ShipmentOfferDto) => void;
}

/** The shipments matching each of the driver's routes whose list is open, live through socketRoutes. */
export const useRouteMatchesStore = create<RouteMatchesState>((set, get) => ({
  lists: {},

  load: async (routeId, page = 1) => {
    set((s) => ({
      lists: {
        ...s.lists,
        [routeId]: { ...(s.lists[routeId] ?? { items: [], page, total: 0 }), status: 'loading' },
      },
    }));
    try {
      const result = await apiRequest<Page<RouteMatchDto>>(
        'GET',
        `/api/driver-routes/${routeId}/matches?page=${page}&pageSize=${MATCHES_PAGE_SIZE}`,
      );
      set((s) => ({
        lists: {
          ...s.lists,
          [routeId]: { items: result.items, page: result.page, total: result.total, status: 'loaded' },
        },
      }));
    } catch (err) {
      logFailure('Loading route matches', err);
      set((s) => ({ lists: { ...s.lists, [routeId]: { items: [], page, total: 0, status: 'failed' } } }));
    }
  },

  reload: async (routeId) => {
    if (get().lists[routeId]) await get().load(routeId, 1);
  },

  hide: (routeId) =>
    set((s) => {
      const { [routeId]: _hidden, ...rest } = s.lists;
      return { lists: rest };
    }),

  refetch: async () => {
    await Promise.all(Object.entries(get().lists).map(([routeId, list]) => get().load(routeId, list.page)));
  },

  makeOffer: async (shipmentId, input) => {
    const offer = await apiRequest<ShipmentOfferDto>(
      'POST',
      `/api/small-shipments/${shipmentId}/offers`,
      input,
    );
    get().receiveOffer(offer);
    return offer;
  },

  receivePosted: (shipment, routes) => set((s) => ({ lists: matchesAfterPosted(s.lists, routes, shipment) })),
  receiveUpdated: (shipment) => set((s) => ({ lists: matchesAfterUpdated(s.lists, shipment) })),
  receiveOffer: (offer) => set((s) => ({ lists: matchesAfterOffer(s.lists, offer) })),
}));
