import type { CarriedShipmentDto, Page, SmallShipmentDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createPagedListStore } from '../lib/resourceStore';

export const CARRIED_PAGE_SIZE = 10;

/** The driver's matched shipments (My Routes, issue 23), newest first; live through socketRoutes. */
export const useCarriedShipmentsStore = createPagedListStore<
  CarriedShipmentDto,
  Page<CarriedShipmentDto>,
  {
    /** `smallShipment:updated`: a shown shipment's status follows (the role room's copy carries no addresses). */
    receiveShipment: (shipment: SmallShipmentDto) => void;
  }
>({
  name: 'your shipments to carry',
  entities: { items: 'carriedShipment' },
  pageSize: CARRIED_PAGE_SIZE,
  fetchPage: (page, pageSize) =>
    apiRequest<Page<CarriedShipmentDto>>(
      'GET',
      `/api/small-shipments/carrying?page=${page}&pageSize=${pageSize}`,
    ),
  extend: (_set, get) => ({
    receiveShipment: (shipment) => {
      if (get().items.some((s) => s.id === shipment.id))
        get().patch(shipment.id, { status: shipment.status, updatedAt: shipment.updatedAt });
    },
  }),
});
