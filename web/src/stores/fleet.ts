import type {
  DriverPageDto,
  FleetViewerActions,
  TruckDto,
  TruckInput,
  TruckPageDto,
  TruckPositionDto,
} from '@freight/shared';
import { apiRequest } from '../lib/api';
import { emitWithAck, isSocketConnected } from '../lib/socket';
import { createPagedListStore } from '../lib/resourceStore';

export type FleetDriver = DriverPageDto['items'][number];
const FLEET_PAGE_SIZE = 20;

/** The company's trucks (issue 29), page by page, live through socketRoutes (fleet room). */
export const useTrucksStore = createPagedListStore<
  TruckDto,
  TruckPageDto,
  {
    viewerActions: FleetViewerActions;
    add: (input: TruckInput) => Promise<TruckDto>;
    edit: (id: string, input: Partial<TruckInput>) => Promise<TruckDto>;
    removeTruck: (id: string) => Promise<void>;
    /** `fleet:position`: a truck's new last position. */
    receivePosition: (truckId: string, position: TruckPositionDto) => void;
    /** `fleet:truck`: the truck as it stands (its position kept when the push has none). */
    receive: (truck: TruckDto) => void;
  }
>({
  name: 'trucks',
  pageSize: FLEET_PAGE_SIZE,
  fetchPage: (page, pageSize) =>
    apiRequest<TruckPageDto>('GET', `/api/fleet/trucks?page=${page}&pageSize=${pageSize}`),
  fromPage: (answer) => ({ viewerActions: answer.viewerActions }),
  extend: (_set, get) => ({
    viewerActions: {},
    add: async (input) => {
      const truck = await apiRequest<TruckDto>('POST', '/api/fleet/trucks', input);
      get().upsert(truck);
      return truck;
    },
    edit: async (id, input) => {
      const truck = await apiRequest<TruckDto>('PATCH', `/api/fleet/trucks/${id}`, input);
      get().receive(truck);
      return truck;
    },
    removeTruck: async (id) => {
      await apiRequest('DELETE', `/api/fleet/trucks/${id}`);
      get().remove(id);
    },
    receivePosition: (truckId, position) => get().patch(truckId, { lastPosition: position }),
    receive: (truck) => {
      const known = get().items.find((t) => t.id === truck.id);
      get().upsert(known && !truck.lastPosition ? { ...truck, lastPosition: known.lastPosition } : truck);
    },
  }),
});

/** The company's drivers with their compliance (issue 29). */
export const useDriversStore = createPagedListStore<
  FleetDriver,
  DriverPageDto,
  { viewerActions: FleetViewerActions }
>({
  name: 'drivers',
  pageSize: FLEET_PAGE_SIZE,
  fetchPage: (page, pageSize) =>
    apiRequest<DriverPageDto>('GET', `/api/fleet/drivers?page=${page}&pageSize=${pageSize}`),
  fromPage: (answer) => ({ viewerActions: answer.viewerActions }),
  extend: () => ({ viewerActions: {} }),
});

let fleetOpen = false;

/** Joins the company's fleet room (trucks and positions live) while the fleet page is open; again on connect. */
export async function joinFleetRoom(): Promise<void> {
  if (!fleetOpen || !isSocketConnected()) return;
  const ack = await emitWithAck('fleet:join', {});
  if (!ack.ok) console.error('Joining the fleet room failed', ack.error);
}

export function openFleet(): () => void {
  fleetOpen = true;
  void joinFleetRoom();
  return () => {
    fleetOpen = false;
  };
}
