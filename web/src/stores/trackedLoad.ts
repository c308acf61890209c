import type { TrackingFreightDto, TrackingStatusTarget } from '@freight/shared';
import { apiRequest, errorStatus, logFailure } from '../lib/api';
import { getEntity, upsertEntity } from '../lib/entities';
import { createDetailStore, entityShape } from '../lib/resourceStore';

interface TrackedLoadActions {
  /** Loads the server hides from this user (404, or 403 for one they take no part in): 'Freight not found'. */
  notFound: Record<string, true>;
  /** `deliveryNote`: why a delivery is marked away from the delivery place (the shipper sees it). */
  changeStatus: (freightId: string, status: TrackingStatusTarget, deliveryNote?: string) => Promise<void>;
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
    changeStatus: async (freightId, status, deliveryNote) => {
      const detail = await apiRequest<TrackingFreightDto>('POST', `/api/freight/${freightId}/status`, {
        status,
        ...(deliveryNote ? { deliveryNote } : {}),
      });
      if (get().byId[freightId]) get().upsert(detail);
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
