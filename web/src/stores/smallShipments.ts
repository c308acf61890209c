import { create } from 'zustand';
import type {
  MySmallShipmentDto,
  Page,
  ShipmentOfferDto,
  SmallShipmentDto,
  SmallShipmentInput,
} from '@freight/shared';
import { apiRequest, errorStatus } from '../lib/api';
import { onReconnect, onSocketEvent } from '../lib/socket';
import { useSessionStore } from './session';

export const MY_SHIPMENTS_PAGE_SIZE = 5;
type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface SmallShipmentsState {
  items: MySmallShipmentDto[];
  page: number;
  total: number;
  status: LoadStatus;
  /** GET /api/small-shipments (the customer's own, newest first, with offers). */
  load: (page?: number) => Promise<void>;
  /** Call 30; the list is refreshed on success. */
  create: (input: SmallShipmentInput) => Promise<SmallShipmentDto>;
  /** Accepts the offer as shown (its version and price); a 409 (revised or answered meanwhile) reloads the list. */
  accept: (offer: ShipmentOfferDto) => Promise<void>;
  receiveOffer: (offer: ShipmentOfferDto) => void;
  receiveShipment: (shipment: SmallShipmentDto) => void;
}

export const useSmallShipmentsStore = create<SmallShipmentsState>((set, get) => ({
  items: [],
  page: 1,
  total: 0,
  status: 'idle',

  load: async (page = get().page) => {
    set({ status: 'loading' });
    try {
      const result = await apiRequest<Page<MySmallShipmentDto>>(
        'GET',
        `/api/small-shipments?page=${page}&pageSize=${MY_SHIPMENTS_PAGE_SIZE}`,
      );
      set({ items: result.items, page: result.page, total: result.total, status: 'loaded' });
    } catch (err) {
      console.error('Loading my shipments failed', err);
      set({ status: 'failed' });
    }
  },

  create: async (input) => {
    const shipment = await apiRequest<SmallShipmentDto>('POST', '/api/small-shipments', input);
    if (get().status !== 'idle') await get().load(1);
    return shipment;
  },

  accept: async (offer) => {
    let result: { shipment: SmallShipmentDto; offer: ShipmentOfferDto };
    try {
      result = await apiRequest('POST', `/api/shipment-offers/${offer.id}/accept`, {
        version: offer.version,
        price: offer.price,
      });
    } catch (err) {
      if (errorStatus(err) === 409) void get().load();
      throw err;
    }
    get().receiveShipment(result.shipment);
    get().receiveOffer(result.offer);
  },

  receiveOffer: (offer) => {
    set((s) => ({
      items: s.items.map((sh) => {
        if (sh.id !== offer.shipmentId) return sh;
        const known = sh.offers.some((o) => o.id === offer.id);
        return {
          ...sh,
          offers: known ? sh.offers.map((o) => (o.id === offer.id ? offer : o)) : [...sh.offers, offer],
        };
      }),
    }));
  },

  receiveShipment: (shipment) => {
    set((s) => ({ items: s.items.map((sh) => (sh.id === shipment.id ? { ...sh, ...shipment } : sh)) }));
  },
}));

/** An offer on one of my shipments: update it in place, or read the list again for one it does not show yet. */
function receiveMyOffer(offer: ShipmentOfferDto): void {
  const state = useSmallShipmentsStore.getState();
  if (offer.shipperId !== useSessionStore.getState().user?.id || state.status === 'idle') return;
  if (state.items.some((s) => s.id === offer.shipmentId)) state.receiveOffer(offer);
  else void state.load();
}

onSocketEvent('shipmentOffer:created', ({ offer }) => receiveMyOffer(offer));
onSocketEvent('shipmentOffer:updated', ({ offer }) => receiveMyOffer(offer));
onSocketEvent('smallShipment:updated', ({ shipment }) =>
  useSmallShipmentsStore.getState().receiveShipment(shipment),
);
onReconnect(() => {
  if (useSmallShipmentsStore.getState().status !== 'idle') void useSmallShipmentsStore.getState().load();
});
