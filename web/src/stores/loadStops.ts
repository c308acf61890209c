import type { StopEventDto, StopEventKind } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createDetailStore } from '../lib/resourceStore';

/** A load's stop events, in their order (arrived at pickup, loaded, done at each stop in between, arrived at delivery). */
export interface LoadStops {
  /** The load's id. */
  id: string;
  stops: StopEventDto[];
}

interface LoadStopsActions {
  /** The carrier reports a stop. */
  report: (freightId: string, kind: StopEventKind, stop?: number | null) => Promise<StopEventDto>;
  /** A stop reported here or pushed (`freight:stop`): kept once. */
  receive: (freightId: string, stop: StopEventDto) => void;
}

const base = (freightId: string) => `/api/freight/${freightId}/stops`;

/** The open load's stop events (the tracking page's timeline and ETA), live from socketRoutes. */
export const useLoadStopsStore = createDetailStore<LoadStops, LoadStopsActions>({
  name: 'the stops',
  fetch: async (freightId) => ({
    id: freightId,
    stops: await apiRequest<StopEventDto[]>('GET', base(freightId)),
  }),
  extend: (_set, get) => ({
    report: async (freightId, kind, number) => {
      const stop = await apiRequest<StopEventDto>(
        'POST',
        base(freightId),
        number ? { kind, stop: number } : { kind },
      );
      get().receive(freightId, stop);
      return stop;
    },
    receive: (freightId, stop) => {
      const stops = get().byId[freightId]?.data?.stops;
      if (stops && !stops.some((s) => s.kind === stop.kind && (s.stop ?? null) === (stop.stop ?? null)))
        get().patch(freightId, { stops: [...stops, stop] });
    },
  }),
});
