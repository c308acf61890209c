import { create } from 'zustand';
import {
  boardComparators,
  boardFilterSchema,
  compileBoardFilter,
  EMPTY_LOAD_BOARD_FILTERS,
  type BoardFilter,
  filtersToQuery,
  type FreightListingDto,
  type FreightPage,
  type FreightSort,
  type LoadBoardFilters,
  type PostLoadInput,
  type RateOfferInput,
} from '@freight/shared';
import { apiRequest, isSessionLost } from '../lib/api';
import { emitWithAck, onReconnect, onSocketEvent, useSocketStore } from '../lib/socket';
import { useSessionStore } from './session';

export const BOARD_PAGE_SIZE = 20;
type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

const hasFilters = (f: LoadBoardFilters) => Object.keys(filtersToQuery(f)).length > 0;

/** The applied filters as the server reads them (its query parameters, parsed by the shared schema). */
function boardFilterOf(f: LoadBoardFilters): BoardFilter | null {
  const parsed = boardFilterSchema.safeParse(filtersToQuery(f));
  return parsed.success ? parsed.data : null;
}

/**
 * Whether a live listing belongs on the board under the applied filters: the server's own predicate (open loads),
 * plus the viewer's own loads in later states (not cancelled), which the board keeps for their Track link.
 */
export function matchesBoardFilters(
  f: LoadBoardFilters,
  l: FreightListingDto,
  viewerId?: string | null,
): boolean {
  const filter = boardFilterOf(f);
  if (!filter) return false;
  if (compileBoardFilter(filter)(l)) return true;
  const own = Boolean(viewerId) && (l.userId === viewerId || l.carrierId === viewerId);
  return own && l.status !== 'cancelled' && compileBoardFilter(filter, { anyStatus: true })(l);
}

interface FreightBoardState {
  /** The filter panel's inputs; `applied` is what the list shows (Search applies). */
  filters: LoadBoardFilters;
  applied: LoadBoardFilters;
  sort: FreightSort;
  items: FreightListingDto[];
  page: number;
  total: number;
  /** Loads on the board with no filter (the Y of 'Showing X of Y loads'). */
  boardTotal: number;
  status: LoadStatus;
  /** A load opened from a link (?load=id), shown above the list. */
  focused: FreightListingDto | null;
  setFilter: <K extends keyof LoadBoardFilters>(key: K, value: LoadBoardFilters[K]) => void;
  setSort: (sort: FreightSort) => void;
  search: () => Promise<void>;
  clearFilters: () => Promise<void>;
  applyFilters: (filters: LoadBoardFilters) => Promise<void>;
  goToPage: (page: number) => Promise<void>;
  load: () => Promise<void>;
  focus: (id: string | null) => Promise<void>;
  receive: (listing: FreightListingDto, posted: boolean) => void;
  /** A load the board showed left it (booked to someone else, cancelled, or edited out of the filters). */
  remove: (id: string) => void;
  requestBooking: (id: string, message: string) => Promise<string>;
  makeOffer: (id: string, offer: RateOfferInput) => Promise<void>;
  postLoad: (input: PostLoadInput) => Promise<FreightListingDto>;
}

function queryString(filters: LoadBoardFilters, extra: Record<string, string>) {
  return new URLSearchParams({ ...filtersToQuery(filters), ...extra }).toString();
}

export const useFreightStore = create<FreightBoardState>((set, get) => ({
  filters: { ...EMPTY_LOAD_BOARD_FILTERS },
  applied: { ...EMPTY_LOAD_BOARD_FILTERS },
  sort: 'newest',
  items: [],
  page: 1,
  total: 0,
  boardTotal: 0,
  status: 'idle',
  focused: null,

  setFilter: (key, value) => set((s) => ({ filters: { ...s.filters, [key]: value } })),
  setSort: (sort) => {
    set({ sort, page: 1 });
    void get().load();
  },
  search: async () => {
    set((s) => ({ applied: { ...s.filters }, page: 1 }));
    await get().load();
  },
  clearFilters: async () => {
    set({ filters: { ...EMPTY_LOAD_BOARD_FILTERS }, applied: { ...EMPTY_LOAD_BOARD_FILTERS }, page: 1 });
    await get().load();
  },
  applyFilters: async (filters) => {
    set({ filters: { ...filters }, applied: { ...filters }, page: 1 });
    await get().load();
  },
  goToPage: async (page) => {
    set({ page });
    await get().load();
  },

  load: async () => {
    const { applied, page, sort } = get();
    set({ status: 'loading' });
    try {
      const extra = { page: String(page), pageSize: String(BOARD_PAGE_SIZE), sort };
      const [result, all] = await Promise.all([
        apiRequest<FreightPage>('GET', `/api/freight?${queryString(applied, extra)}`),
        hasFilters(applied) ? apiRequest<FreightPage>('GET', '/api/freight?pageSize=1') : null,
      ]);
      set({
        items: result.items,
        total: result.total,
        boardTotal: all ? all.total : result.total,
        status: 'loaded',
      });
    } catch (err) {
      set({ status: 'failed' });
      if (!isSessionLost(err)) console.error('Loading the load board failed', err);
    }
  },

  focus: async (id) => {
    if (!id) {
      set({ focused: null });
      return;
    }
    try {
      set({ focused: await apiRequest<FreightListingDto>('GET', `/api/freight/${id}`) });
    } catch (err) {
      console.error('Loading the linked load failed', err);
      set({ focused: null });
    }
  },

  receive: (listing, posted) => {
    set((s) => {
      const focused = s.focused?.id === listing.id ? listing : s.focused;
      const shows = matchesBoardFilters(s.applied, listing, useSessionStore.getState().user?.id);
      const index = s.items.findIndex((l) => l.id === listing.id);
      if (index >= 0) {
        if (!shows) {
          return {
            items: s.items.filter((l) => l.id !== listing.id),
            total: Math.max(0, s.total - 1),
            boardTotal: Math.max(0, s.boardTotal - 1),
            focused,
          };
        }
        const items = [...s.items];
        items[index] = listing;
        return { items, focused };
      }
      if (!shows) return { focused };
      // New to this board (posted, or edited into its filters): counted, and placed if it falls on this page.
      const onPage = s.page === 1;
      return {
        items: onPage
          ? [...s.items, listing].sort(boardComparators[s.sort]).slice(0, BOARD_PAGE_SIZE)
          : s.items,
        total: s.total + 1,
        boardTotal: posted ? s.boardTotal + 1 : s.boardTotal,
        focused,
      };
    });
  },

  remove: (id) => {
    set((s) =>
      s.items.some((l) => l.id === id)
        ? {
            items: s.items.filter((l) => l.id !== id),
            total: Math.max(0, s.total - 1),
            boardTotal: Math.max(0, s.boardTotal - 1),
          }
        : {},
    );
  },

  requestBooking: async (id, message) => {
    const res = await apiRequest<{ message: string }>('POST', `/api/freight/${id}/book`, { message });
    void get().load();
    return res.message;
  },
  makeOffer: async (id, offer) => {
    await apiRequest<unknown>('POST', `/api/freight/${id}/negotiate`, offer);
  },
  postLoad: async (input) => {
    const listing = await apiRequest<FreightListingDto>('POST', '/api/freight', input);
    get().receive(listing, true);
    return listing;
  },
}));

onSocketEvent('freight:posted', ({ listing }) => useFreightStore.getState().receive(listing, true));
onSocketEvent('freight:updated', ({ listing }) => useFreightStore.getState().receive(listing, false));
onSocketEvent('freight:removed', ({ id }) => useFreightStore.getState().remove(id));
onSocketEvent('booking:reviewed', ({ listing }) => {
  if (listing) useFreightStore.getState().receive(listing, false);
});
onSocketEvent('negotiation:updated', ({ listing }) => {
  if (listing) useFreightStore.getState().receive(listing, false);
});

// ----- live pushes: while a board is open (counted, so two open boards share one), the server knows its filters ---
let boardsOpen = 0;
let unsubscribeStatus: (() => void) | null = null;

/** Tells the server the applied filters, so it pushes only what this board shows (and removals). */
function join() {
  void emitWithAck('loadboard:filters', {
    board: 'road',
    filters: filtersToQuery(useFreightStore.getState().applied),
  });
}

/** Call when a board mounts; the returned function leaves again. Joins on every (re)connect while open. */
export function openLoadboard(): () => void {
  boardsOpen += 1;
  if (boardsOpen === 1) {
    if (useSocketStore.getState().connected) join();
    unsubscribeStatus = useSocketStore.subscribe((state, prev) => {
      if (state.connected && !prev.connected) join();
    });
  }
  return () => {
    boardsOpen -= 1;
    if (boardsOpen === 0) {
      unsubscribeStatus?.();
      unsubscribeStatus = null;
      void emitWithAck('loadboard:leave', { board: 'road' });
    }
  };
}

// Every change of the applied filters goes to the server while a board is open.
useFreightStore.subscribe((state, prev) => {
  if (boardsOpen > 0 && state.applied !== prev.applied && useSocketStore.getState().connected) join();
});

onReconnect(() => {
  if (boardsOpen > 0 && useFreightStore.getState().status !== 'idle') void useFreightStore.getState().load();
});
