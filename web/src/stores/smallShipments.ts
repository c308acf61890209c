import type {
  MySmallShipmentDto,
  Page,
  ShipmentOfferDto,
  SmallShipmentDto,
  SmallShipmentInput,
} from '@freight/shared';
import { apiRequest, errorStatus } from '../lib/api';
import { createPagedListStore } from '../lib/resourceStore';
import { withOffer } from './shipmentOffers';

export const MY_SHIPMENTS_PAGE_SIZE = 5;

/** The customer's own small shipments (newest first, with offers), page by page; live through socketRoutes. */
export const useSmallShipmentsStore = createPagedListStore<
  MySmallShipmentDto,
  Page<MySmallShipmentDto>,
  {
    /** Call 30. */
    create: (input: SmallShipmentInput) => Promise<SmallShipmentDto>;
    /** Accepts the offer as shown (its version and price); a 409 (revised or answered meanwhile) reloads the list. */
    accept: (offer: ShipmentOfferDto) => Promise<void>;
    /**
     * An offer on one of my shipments, or a shipment of mine that changed: shown at once, then the page read again
     * for what I may now do with its offers (a push carries no viewer's actions).
     */
    receiveOffer: (offer: ShipmentOfferDto) => void;
    receiveShipment: (shipment: SmallShipmentDto) => void;
  }
>({
  name: 'my shipments',
  entities: { items: 'smallShipment' },
  pageSize: MY_SHIPMENTS_PAGE_SIZE,
  fetchPage: (page, pageSize) =>
    apiRequest<Page<MySmallShipmentDto>>('GET', `/api/small-shipments?page=${page}&pageSize=${pageSize}`),
  extend: (_set, get, live) => ({
    create: (input) => apiRequest<SmallShipmentDto>('POST', '/api/small-shipments', input),
    accept: async (offer) => {
      let result: { shipment: SmallShipmentDto; offer: ShipmentOfferDto };
      try {
        result = await apiRequest('POST', `/api/shipment-offers/${offer.id}/accept`, {
          version: offer.version,
          price: offer.price,
        });
      } catch (err) {
        if (errorStatus(err) === 409) void get().refetch();
        throw err;
      }
      get().receiveShipment(result.shipment);
      get().receiveOffer(result.offer);
    },
    receiveOffer: (offer) => {
      if (get().status === 'idle') return;
      live((state) =>
        state.items.some((s) => s.id === offer.shipmentId) ? { items: withOffer(state.items, offer) } : {},
      );
      if (!offer.viewerActions) void get().refetch();
    },
    receiveShipment: (shipment) => {
      if (!get().items.some((s) => s.id === shipment.id)) return;
      get().patch(shipment.id, shipment);
      void get().refetch();
    },
  }),
});
