import type {
  PinDockInput,
  PinDockStop,
  StatusChangeInput,
  TrackingFreightDto,
  TrackingStatusTarget,
  TripStopDto,
} from '@freight/shared';

type DeliveryReceiptInput = Required<Pick<StatusChangeInput, 'receiverName' | 'signature'>> &
  Pick<StatusChangeInput, 'exception' | 'exceptionNote' | 'deliveryNote'>;
import { apiRequest, errorStatus, logFailure } from '../lib/api';
import { getEntity, upsertEntity } from '../lib/entities';
import { createDetailStore, entityShape } from '../lib/resourceStore';

interface TrackedLoadActions {
  /** Loads the server hides from this user (404, or 403 for one they take no part in): 'Freight not found'. */
  notFound: Record<string, true>;
  /** Starts the trip or cancels the load (a delivery goes through `deliver`, with its receipt). */
  changeStatus: (freightId: string, status: Exclude<TrackingStatusTarget, 'delivered'>) => Promise<void>;
  /**
   * Marks the load delivered with the receiver's receipt (issue 39): name, signature (PNG data URL), any exception,
   * and `deliveryNote`, why it is marked away from the delivery stop (the shipper sees it).
   */
  deliver: (freightId: string, receipt: DeliveryReceiptInput) => Promise<void>;
  /** Pins the dock of one of the load's stops where the device is (issue 39); the push reads the load again. */
  /** `stop`: 'pickup', 'delivery', or a stop in between by its number. */
  pinDock: (freightId: string, stop: PinDockStop, point: PinDockInput) => Promise<void>;
}

/** The tracking screen's load: its detail and status (SPEC §2 Freight tracking), live from socketRoutes. */
export const useTrackedLoadStore = createDetailStore<TrackingFreightDto, TrackedLoadActions>({
  name: 'the load',
  entities: { detail: entityShape('trackedLoad') },
  fetch: async (freightId): Promise<TrackingFreightDto> => {
    try {
      return await apiRequest<TrackingFreightDto>('GET', `/api/freight/${freightId}/tracking`);
    } catch (err) {
      const status = errorStatus(err);
      if (status === 404 || status === 403) {
        useTrackedLoadStore.setState((s) => ({ notFound: { ...s.notFound, [freightId]: true } }));
      }
      throw err;
    }
  },
  extend: (_set, get) => ({
    notFound: {},
    changeStatus: async (freightId, status) => {
      const detail = await apiRequest<TrackingFreightDto>('POST', `/api/freight/${freightId}/status`, {
        status,
      });
      if (get().byId[freightId]) get().upsert(detail);
    },
    deliver: async (freightId, receipt) => {
      const detail = await apiRequest<TrackingFreightDto>('POST', `/api/freight/${freightId}/status`, {
        status: 'delivered',
        ...receipt,
      });
      if (get().byId[freightId]) get().upsert(detail);
    },
    pinDock: async (freightId, stop, point) => {
      await apiRequest<TripStopDto>('POST', `/api/freight/${freightId}/stops/${stop}/pin`, point);
    },
  }),
});

/**
 * A load's status moved (a push carries the status alone): a load on screen (its page, or a row of the tracked
 * loads) is read again for the viewer's new actions; the one copy updates every screen showing it.
 */
export async function refreshTrackedLoad(freightId: string): Promise<void> {
  if (!getEntity('trackedLoad', freightId)) return;
  try {
    upsertEntity(
      'trackedLoad',
      await apiRequest<TrackingFreightDto>('GET', `/api/freight/${freightId}/tracking`),
    );
  } catch (err) {
    logFailure('Loading the load', err);
  }
}
