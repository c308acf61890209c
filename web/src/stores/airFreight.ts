import { create } from 'zustand';
import {
  boardFilterSchema,
  compileBoardFilter,
  type FreightListingDto,
  type FreightPage,
  type PostLoadInput,
} from '@freight/shared';
import { apiRequest } from '../lib/api';
import { emitWithAck, onReconnect, onSocketEvent, useSocketStore } from '../lib/socket';

/** The air marketplace's filter inputs (SPEC §2, §5 Air filters), sent to GET /api/freight as query parameters. */
export interface AirFilters {
  originCity: string;
  originCountry: string;
  destinationCity: string;
  destinationCountry: string;
  cargoType: string;
  weightClass: string;
  minRate: string;
  maxRate: string;
  pickupDateStart: string;
  pickupDateEnd: string;
}

export const EMPTY_AIR_FILTERS: AirFilters = {
  originCity: '',
  originCountry: '',
  destinationCity: '',
  destinationCountry: '',
  cargoType: '',
  weightClass: '',
  minRate: '',
  maxRate: '',
  pickupDateStart: '',
  pickupDateEnd: '',
};

export const AIR_PAGE_SIZE = 12;
const AIR = 'air_cargo';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface AirFreightState {
  filters: AirFilters;
  /** The filters of the list on screen (the inputs change `filters`; Search applies them). */
  applied: AirFilters;
  items: FreightListingDto[];
  page: number;
  total: number;
  status: LoadStatus;
  error: string | null;
  /** True while the page is open: live events apply and a reconnect refetches. */
  live: boolean;
  setFilter: (key: keyof AirFilters, value: string) => void;
  search: () => Promise<void>;
  clearFilters: () => Promise<void>;
  load: (page?: number) => Promise<void>;
  /** Call 10 with an empty body (the air page). */
  book: (id: string) => Promise<void>;
  post: (input: PostLoadInput) => Promise<FreightListingDto>;
  /** Sends the filters for live pushes and loads page 1; returns the leave function. */
  open: () => () => void;
  receive: (listing: FreightListingDto, kind: 'posted' | 'updated') => void;
  remove: (id: string) => void;
}

/** The filters as query parameters (what GET /api/freight and the server's push matching read). */
function filterParams(filters: AirFilters): Record<string, string> {
  const params: Record<string, string> = { equipmentType: AIR };
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params[key] = value.trim();
  return params;
}

function queryOf(filters: AirFilters, page: number): string {
  return new URLSearchParams({
    ...filterParams(filters),
    page: String(page),
    pageSize: String(AIR_PAGE_SIZE),
  }).toString();
}

/** Whether a live listing belongs on the marketplace under these filters (the server's predicate). */
function shows(filters: AirFilters, listing: FreightListingDto): boolean {
  const parsed = boardFilterSchema.safeParse(filterParams(filters));
  return parsed.success && compileBoardFilter(parsed.data)(listing);
}

/** Tells the server the applied filters, so it pushes only what the marketplace shows (and removals). */
function sendFilters(filters: AirFilters) {
  void emitWithAck('loadboard:filters', { board: 'air', filters: filterParams(filters) });
}

export const useAirFreightStore = create<AirFreightState>((set, get) => ({
  filters: EMPTY_AIR_FILTERS,
  applied: EMPTY_AIR_FILTERS,
  items: [],
  page: 1,
  total: 0,
  status: 'idle',
  error: null,
  live: false,

  setFilter: (key, value) => set((s) => ({ filters: { ...s.filters, [key]: value } })),

  search: async () => {
    set((s) => ({ applied: s.filters }));
    if (get().live) sendFilters(get().applied);
    await get().load(1);
  },

  clearFilters: async () => {
    set({ filters: EMPTY_AIR_FILTERS, applied: EMPTY_AIR_FILTERS });
    if (get().live) sendFilters(EMPTY_AIR_FILTERS);
    await get().load(1);
  },

  load: async (page = get().page) => {
    set({ status: 'loading', error: null });
    try {
      const result = await apiRequest<FreightPage>('GET', `/api/freight?${queryOf(get().applied, page)}`);
      set({ items: result.items, page: result.page, total: result.total, status: 'loaded' });
    } catch (err) {
      set({ status: 'failed', error: err instanceof Error ? err.message : String(err) });
    }
  },

  book: async (id) => {
    await apiRequest<unknown>('POST', `/api/freight/${id}/book`);
    await get().load();
  },

  post: async (input) => {
    const listing = await apiRequest<FreightListingDto>('POST', '/api/freight', {
      ...input,
      equipmentType: AIR,
    });
    await get().load(1);
    return listing;
  },

  open: () => {
    set({ live: true });
    sendFilters(get().applied);
    // Also on every (re)connect while open: the server forgets a socket's filters when it closes.
    const unsubscribe = useSocketStore.subscribe((state, prev) => {
      if (state.connected && !prev.connected) sendFilters(get().applied);
    });
    void get().load(1);
    return () => {
      unsubscribe();
      set({ live: false });
      void emitWithAck('loadboard:leave', { board: 'air' });
    };
  },

  receive: (listing, kind) => {
    if (!get().live || listing.equipmentType !== AIR) return;
    const known = get().items.some((l) => l.id === listing.id);
    const belongs = shows(get().applied, listing);
    if (known && belongs) {
      set((s) => ({ items: s.items.map((l) => (l.id === listing.id ? listing : l)) }));
    } else if (known || (belongs && kind === 'posted')) {
      // The server applies the order and the paging: read the page again.
      void get().load();
    }
  },

  remove: (id) => {
    if (get().live && get().items.some((l) => l.id === id)) void get().load();
  },
}));

onSocketEvent('freight:posted', ({ listing }) => useAirFreightStore.getState().receive(listing, 'posted'));
onSocketEvent('freight:updated', ({ listing }) => useAirFreightStore.getState().receive(listing, 'updated'));
onSocketEvent('freight:removed', ({ id }) => useAirFreightStore.getState().remove(id));
onReconnect(() => {
  const state = useAirFreightStore.getState();
  if (!state.live) return;
  void state.load();
});
