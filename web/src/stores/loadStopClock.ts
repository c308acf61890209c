import type { PinDockStop, StopClockDto, StopTransition, StopVisitDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createDetailStore } from '../lib/resourceStore';

/** A load's clock at its stops (issue 41): every stop with its arrival, departure and dwell. */
export type LoadStopClock = StopClockDto & { id: string };

interface LoadStopClockActions {
  /** The driver checks in an arrival or a departure by hand (now). */
  checkIn: (freightId: string, which: PinDockStop, transition: StopTransition) => Promise<StopVisitDto>;
  /** A stop's visit checked in here or pushed (`freight:stopVisit`): it replaces the stop's. */
  receive: (freightId: string, visit: StopVisitDto) => void;
}

/** The open load's clock (the tracking page), live from socketRoutes. */
export const useLoadStopClockStore = createDetailStore<LoadStopClock, LoadStopClockActions>({
  name: 'the clock at the stops',
  fetch: async (freightId) => ({
    ...(await apiRequest<StopClockDto>('GET', `/api/freight/${freightId}/stop-clock`)),
    id: freightId,
  }),
  extend: (_set, get) => ({
    checkIn: async (freightId, which, transition) => {
      const visit = await apiRequest<StopVisitDto>(
        'POST',
        `/api/freight/${freightId}/stops/${which}/check-in`,
        { transition },
      );
      get().receive(freightId, visit);
      return visit;
    },
    receive: (freightId, visit) => {
      const clock = get().byId[freightId]?.data;
      if (!clock) return;
      get().patch(freightId, {
        stops: clock.stops.map((s) => (s.sequence === visit.sequence ? visit : s)),
      });
    },
  }),
});
