import { create } from 'zustand';
import {
  routeMatchesShipment,
  type DriverRouteDto,
  type DriverRouteInput,
  type Page,
  type RouteMatchDto,
  type ShipmentOfferDto,
  type ShipmentOfferInput,
  type SmallShipmentDto,
} from '@freight/shared';
import { apiRequest } from '../lib/api';
import { onReconnect, onSocketEvent } from '../lib/socket';
import { useSessionStore } from './session';

export const ROUTES_PAGE_SIZE = 10;
export const MATCHES_PAGE_SIZE = 5;
type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface RouteMatches {
  items: RouteMatchDto[];
  page: number;
  total: number;
  status: LoadStatus;
}

interface DriverRoutesState {
  routes: DriverRouteDto[];
  page: number;
  total: number;
  status: LoadStatus;
  /** Matches per route id, for the routes whose list is open. */
  matches: Record<string, RouteMatches>;
  load: (page?: number) => Promise<void>;
  create: (input: DriverRouteInput) => Promise<void>;
  update: (id: string, input: DriverRouteInput) => Promise<void>;
  close: (id: string) => Promise<void>;
  loadMatches: (routeId: string, page?: number) => Promise<void>;
  hideMatches: (routeId: string) => void;
  makeOffer: (shipmentId: string, input: ShipmentOfferInput) => Promise<ShipmentOfferDto>;
  receivePosted: (shipment: SmallShipmentDto) => void;
  receiveUpdated: (shipment: SmallShipmentDto) => void;
  receiveOffer: (offer: ShipmentOfferDto) => void;
}

export const useDriverRoutesStore = create<DriverRoutesState>((set, get) => ({
  routes: [],
  page: 1,
  total: 0,
  status: 'idle',
  matches: {},

  load: async (page = get().page) => {
    set({ status: 'loading' });
    try {
      const result = await apiRequest<Page<DriverRouteDto>>(
        'GET',
        `/api/driver-routes?page=${page}&pageSize=${ROUTES_PAGE_SIZE}`,
      );
      set({ routes: result.items, page: result.page, total: result.total, status: 'loaded' });
    } catch (err) {
      console.error('Loading routes failed', err);
      set({ status: 'failed' });
    }
  },

  create: async (input) => {
    await apiRequest<DriverRouteDto>('POST', '/api/driver-routes', input);
    await get().load(1);
  },

  update: async (id, input) => {
    const route = await apiRequest<DriverRouteDto>('PUT', `/api/driver-routes/${id}`, input);
    set((s) => ({ routes: s.routes.map((r) => (r.id === id ? route : r)) }));
    if (get().matches[id]) await get().loadMatches(id, 1);
  },

  close: async (id) => {
    const route = await apiRequest<DriverRouteDto>('POST', `/api/driver-routes/${id}/close`);
    set((s) => ({ routes: s.routes.map((r) => (r.id === id ? route : r)) }));
    get().hideMatches(id);
  },

  loadMatches: async (routeId, page = 1) => {
    set((s) => ({
      matches: {
        ...s.matches,
        [routeId]: { ...(s.matches[routeId] ?? { items: [], page, total: 0 }), status: 'loading' },
      },
    }));
    try {
      const result = await apiRequest<Page<RouteMatchDto>>(
        'GET',
        `/api/driver-routes/${routeId}/matches?page=${page}&pageSize=${MATCHES_PAGE_SIZE}`,
      );
      set((s) => ({
        matches: {
          ...s.matches,
          [routeId]: { items: result.items, page: result.page, total: result.total, status: 'loaded' },
        },
      }));
    } catch (err) {
      console.error('Loading route matches failed', err);
      set((s) => ({ matches: { ...s.matches, [routeId]: { items: [], page, total: 0, status: 'failed' } } }));
    }
  },

  hideMatches: (routeId) =>
    set((s) => {
      const next = { ...s.matches };
      delete next[routeId];
      return { matches: next };
    }),

  makeOffer: async (shipmentId, input) => {
    const offer = await apiRequest<ShipmentOfferDto>(
      'POST',
      `/api/small-shipments/${shipmentId}/offers`,
      input,
    );
    get().receiveOffer(offer);
    return offer;
  },

  receivePosted: (shipment) => {
    const me = useSessionStore.getState().user?.id;
    if (shipment.shipperId === me) return;
    set((s) => {
      const matches = { ...s.matches };
      for (const route of s.routes) {
        const list = matches[route.id];
        if (!list || route.status !== 'active' || !routeMatchesShipment(route, shipment)) continue;
        if (list.items.some((m) => m.id === shipment.id)) continue;
        matches[route.id] = {
          ...list,
          total: list.total + 1,
          // Newest first: a new shipment belongs on page 1.
          items:
            list.page === 1
              ? [{ ...shipment, myOffer: null }, ...list.items].slice(0, MATCHES_PAGE_SIZE)
              : list.items,
        };
      }
      return { matches };
    });
  },

  receiveUpdated: (shipment) => {
    if (shipment.status === 'posted') return;
    set((s) => {
      const matches = { ...s.matches };
      for (const [routeId, list] of Object.entries(matches)) {
        const m = list.items.find((i) => i.id === shipment.id);
        if (!m) continue;
        // Keep a shipment the driver won (shown as accepted); drop the others.
        const won = m.myOffer && shipment.matchedOfferId === m.myOffer.id;
        matches[routeId] = won
          ? { ...list, items: list.items.map((i) => (i.id === shipment.id ? { ...i, ...shipment } : i)) }
          : {
              ...list,
              items: list.items.filter((i) => i.id !== shipment.id),
              total: Math.max(0, list.total - 1),
            };
      }
      return { matches };
    });
  },

  receiveOffer: (offer) => {
    const me = useSessionStore.getState().user?.id;
    if (offer.driverId !== me) return;
    set((s) => {
      const matches = { ...s.matches };
      for (const [routeId, list] of Object.entries(matches)) {
        if (!list.items.some((i) => i.id === offer.shipmentId)) continue;
        matches[routeId] = {
          ...list,
          items: list.items.map((i) => (i.id === offer.shipmentId ? { ...i, myOffer: offer } : i)),
        };
      }
      return { matches };
    });
  },
}));

onSocketEvent('smallShipment:posted', ({ shipment }) =>
  useDriverRoutesStore.getState().receivePosted(shipment),
);
onSocketEvent('smallShipment:updated', ({ shipment }) =>
  useDriverRoutesStore.getState().receiveUpdated(shipment),
);
onSocketEvent('shipmentOffer:created', ({ offer }) => useDriverRoutesStore.getState().receiveOffer(offer));
onSocketEvent('shipmentOffer:updated', ({ offer }) => useDriverRoutesStore.getState().receiveOffer(offer));
onReconnect(() => {
  const state = useDriverRoutesStore.getState();
  if (state.status === 'idle') return;
  void state.load();
  for (const [routeId, list] of Object.entries(state.matches)) void state.loadMatches(routeId, list.page);
});
