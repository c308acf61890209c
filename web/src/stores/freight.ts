import {
  EMPTY_LOAD_BOARD_FILTERS,
  filtersToQuery,
  type FreightListingDto,
  type FreightPage,
  type FreightSort,
  type LoadBoardFilters,
  type PostLoadInput,
  type RateOfferInput,
} from '@freight/shared';
import { apiRequest, logFailure } from '../lib/api';
import { createPagedListStore } from '../lib/resourceStore';
import { withBoardPush, withoutListing, type BoardPush } from './boardPush';

export const BOARD_PAGE_SIZE = 20;

/** A board page plus the count of loads on the board with no filter. */
interface BoardPage extends FreightPage {
  boardTotal: number;
}

interface FreightBoardOwnState {
  /** The filter panel's inputs; `applied` is what the list shows (Search applies). */
  filters: LoadBoardFilters;
  applied: LoadBoardFilters;
  sort: FreightSort;
  /** Loads on the board with no filter (the Y of 'Showing X of Y loads'). */
  boardTotal: number;
  /** A load opened from a link (?load=id), shown above the list. */
  focused: FreightListingDto | null;
  /** Loads that arrived live since the list was loaded: new to it, or changed on it (the table marks them). */
  liveMarks: Record<string, 'new' | 'changed'>;
  setFilter: <K extends keyof LoadBoardFilters>(key: K, value: LoadBoardFilters[K]) => void;
  /** The filter panel's inputs at once (a place typed: its text and point together). */
  setFilters: (filters: LoadBoardFilters) => void;
  setSort: (sort: FreightSort) => Promise<void>;
  search: () => Promise<void>;
  clearFilters: () => Promise<void>;
  applyFilters: (filters: LoadBoardFilters) => Promise<void>;
  /** Loads again the page on screen (the first one before any). */
  reload: () => Promise<void>;
  focus: (id: string | null) => Promise<void>;
  /** A listing posted or changed (socket events, the viewer's own post). */
  receive: (listing: FreightListingDto, push: BoardPush) => void;
  /** A load the board showed left it (booked to someone else, cancelled). */
  remove: (id: string) => void;
  makeOffer: (id: string, offer: RateOfferInput) => Promise<void>;
  /** `viewerId`: the poster, whose own load the board keeps. */
  postLoad: (input: PostLoadInput, viewerId: string) => Promise<FreightListingDto>;
}

/** Deadhead is measured from the searched origin: without one the board goes back to the newest first. */
const sortFor = (sort: FreightSort, f: LoadBoardFilters): FreightSort =>
  sort === 'deadhead' && !f.lat ? 'newest' : sort;

const hasFilters = (f: LoadBoardFilters) => Object.keys(filtersToQuery(f)).length > 0;

function boardQuery(filters: LoadBoardFilters, extra: Record<string, string>) {
  return new URLSearchParams({ ...filtersToQuery(filters), ...extra }).toString();
}

/** The Freight Load Board (SPEC §2): searched and paged on the server, live from socketRoutes. */
export const useFreightStore = createPagedListStore<FreightListingDto, BoardPage, FreightBoardOwnState>({
  name: 'the load board',
  entities: { items: 'load', fields: { focused: 'load' } },
  pageSize: BOARD_PAGE_SIZE,
  fetchPage: async (page, pageSize): Promise<BoardPage> => {
    const { applied, sort } = useFreightStore.getState();
    const extra = { page: String(page), pageSize: String(pageSize), sort };
    const [result, all] = await Promise.all([
      apiRequest<FreightPage>('GET', `/api/freight?${boardQuery(applied, extra)}`),
      hasFilters(applied) ? apiRequest<FreightPage>('GET', '/api/freight?pageSize=1') : null,
    ]);
    return { ...result, boardTotal: all ? all.total : result.total };
  },
  fromPage: (answer) => ({ boardTotal: answer.boardTotal }),
  extend: (set, get, live) => ({
    filters: { ...EMPTY_LOAD_BOARD_FILTERS },
    applied: { ...EMPTY_LOAD_BOARD_FILTERS },
    sort: 'newest',
    boardTotal: 0,
    focused: null,
    liveMarks: {},

    setFilter: (key, value) => set((s) => ({ filters: { ...s.filters, [key]: value } })),
    setFilters: (filters) => set({ filters }),
    setSort: async (sort) => {
      set({ sort });
      await get().goToPage(1);
    },
    search: async () => {
      set((s) => ({ applied: { ...s.filters }, sort: sortFor(s.sort, s.filters), liveMarks: {} }));
      await get().goToPage(1);
    },
    clearFilters: async () => {
      set((s) => ({
        filters: { ...EMPTY_LOAD_BOARD_FILTERS },
        applied: { ...EMPTY_LOAD_BOARD_FILTERS },
        sort: sortFor(s.sort, EMPTY_LOAD_BOARD_FILTERS),
        liveMarks: {},
      }));
      await get().goToPage(1);
    },
    applyFilters: async (filters) => {
      const all = { ...EMPTY_LOAD_BOARD_FILTERS, ...filters };
      set((s) => ({ filters: all, applied: { ...all }, sort: sortFor(s.sort, all), liveMarks: {} }));
      await get().goToPage(1);
    },
    reload: () => get().goToPage(Math.max(get().page, 1)),

    focus: async (id) => {
      if (!id) {
        set({ focused: null });
        return;
      }
      try {
        set({ focused: await apiRequest<FreightListingDto>('GET', `/api/freight/${id}`) });
      } catch (err) {
        logFailure('Loading the linked load', err);
        set({ focused: null });
      }
    },

    receive: (listing, push) =>
      live((s) => {
        const change = withBoardPush(s, listing, push);
        const shown = (change.items ?? s.items).some((l) => l.id === listing.id);
        if (!shown) return change;
        const mark = s.items.some((l) => l.id === listing.id) ? 'changed' : 'new';
        return { ...change, liveMarks: { ...s.liveMarks, [listing.id]: s.liveMarks[listing.id] ?? mark } };
      }),
    remove: (id) => live((s) => withoutListing(s, id)),

    makeOffer: async (id, offer) => {
      await apiRequest<unknown>('POST', `/api/freight/${id}/negotiate`, offer);
    },
    postLoad: async (input, viewerId) => {
      const listing = await apiRequest<FreightListingDto>('POST', '/api/freight', input);
      get().receive(listing, { posted: true, viewerId });
      return listing;
    },
  }),
});
