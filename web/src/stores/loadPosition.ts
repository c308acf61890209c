import type { LocationDto, LocationPointDto, Page, ServerEventPayload } from '@freight/shared';
import { apiRequest, logFailure } from '../lib/api';
import { createDetailStore } from '../lib/resourceStore';
import { emitWithAck } from '../lib/socket';
import { socketOrRest } from '../lib/socketOrRest';
import { withPoint } from '../lib/trail';

const TRAIL_PAGE_SIZE = 100;

/** A load's last reported position and its trail. */
export interface LoadPosition {
  /** The load's id. */
  id: string;
  location: LocationDto;
  /** Oldest → newest. */
  trail: LocationPointDto[];
}

interface LoadPositionActions {
  /**
   * The carrier's 'Update My Location' (socket when connected, else REST); a position kept offline carries when it
   * was taken and the phone's id for it (issue 29).
   */
  updateLocation: (
    freightId: string,
    latitude: number,
    longitude: number,
    capture?: { capturedAt: string; clientId: string },
  ) => Promise<LocationDto>;
  /** The polling fallback: re-reads the position, and the trail when it moved. */
  pollLocation: (freightId: string) => Promise<void>;
  /** The `freight:location` socket event. */
  receive: (payload: ServerEventPayload<'freight:location'>) => void;
}

const base = (freightId: string) => `/api/freight/${freightId}/location`;

/**
 * The newest position this tab sent or was pushed, per load. A report can land while the load's first read is in
 * flight (the carrier's phone shares as soon as the page opens): the patch has nothing to change yet, and the read,
 * started before the report, would bring back 'no location'. The read keeps the newer of the two, so the tracking
 * page never says 'No location reported yet' beside 'Last sent just now'.
 */
const newest = new Map<string, LocationDto>();
function remember(freightId: string, location: LocationDto): void {
  const known = newest.get(freightId)?.lastLocationUpdate;
  if (location.lastLocationUpdate && (!known || location.lastLocationUpdate > known)) {
    newest.set(freightId, location);
  }
}
function newerOf(freightId: string, fetched: LocationDto): LocationDto {
  const mine = newest.get(freightId);
  if (!mine?.lastLocationUpdate) return fetched;
  return !fetched.lastLocationUpdate || mine.lastLocationUpdate > fetched.lastLocationUpdate ? mine : fetched;
}

/** The open load's position and trail (the tracking map), live from socketRoutes. */
export const useLoadPositionStore = createDetailStore<LoadPosition, LoadPositionActions>({
  name: 'the location',
  fetch: async (freightId) => {
    const [location, history] = await Promise.all([
      apiRequest<LocationDto>('GET', base(freightId)),
      apiRequest<Page<LocationPointDto>>('GET', `${base(freightId)}/history?pageSize=${TRAIL_PAGE_SIZE}`),
    ]);
    return { id: freightId, location: newerOf(freightId, location), trail: [...history.items].reverse() };
  },
  extend: (_set, get) => ({
    updateLocation: async (freightId, latitude, longitude, capture) => {
      const body = { latitude, longitude, ...capture };
      const location = await socketOrRest(
        () => emitWithAck('location:update', { freightId, ...body }),
        () => apiRequest<LocationDto>('POST', base(freightId), body),
      );
      remember(freightId, location);
      get().patch(freightId, { location });
      return location;
    },

    pollLocation: async (freightId) => {
      try {
        const location = await apiRequest<LocationDto>('GET', base(freightId));
        const known = get().byId[freightId]?.data?.location;
        if (known?.lastLocationUpdate !== location.lastLocationUpdate) await get().load(freightId);
      } catch (err) {
        logFailure('Loading the location', err);
      }
    },

    receive: ({ freightId, lat, lng, lastLocationUpdate, point }) => {
      remember(freightId, { lat, lng, lastLocationUpdate });
      const position = get().byId[freightId]?.data;
      if (!position) return;
      get().patch(freightId, {
        location: { lat, lng, lastLocationUpdate },
        trail: withPoint(position.trail, point),
      });
    },
  }),
});
