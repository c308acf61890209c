import type { StoreApi, UseBoundStore } from 'zustand';
import { create } from './createStore';
import type { Page } from '@freight/shared';
import { errorMessage, logFailure } from './api';
import {
  sameValue,
  upsertEntities,
  upsertEntity,
  useEntityStore,
  type EntityKind,
  type EntityTables,
  type EntityTypes,
} from './entities';

/** Where a store's server data stands; the one status type of every store built here. */
export type ResourceStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** What every resource store has, whatever its shape. */
export interface ResourceState {
  status: ResourceStatus;
  /** The last load's failure, fit to show; null after a success. */
  error: string | null;
  /** The server's copy changed in a way a socket patch cannot follow; the next load clears it. */
  stale: boolean;
  markStale: () => void;
  /** Loads again what a screen asked for; does nothing while no screen has (status 'idle'). Run on reconnect. */
  refetch: () => Promise<void>;
}

interface Identified {
  id: string;
}

/** A list of items with helpers for socket events; `total` is the server's count (it can exceed `items.length`). */
export interface ListState<T extends Identified> extends ResourceState {
  /** The ids of the items, in the list's order (a store bound to an entity kind keeps only these of its own). */
  ids: string[];
  /**
   * The items in order. In a store bound to an entity kind (`entities.items`) they are the entity tables' copies,
   * kept in step with them: an upsert anywhere shows here.
   */
  items: T[];
  total: number;
  /** Fetches the list; a reload keeps status 'loaded' (the list stays on screen) until it answers. */
  load: () => Promise<void>;
  /**
   * Replaces the item with the same id in place, or puts a new one first (and counts it). Ignored while idle:
   * nothing is on screen, and the first load brings it.
   */
  upsert: (item: T) => void;
  /** Changes the fields of a known item; unknown ids are ignored. */
  patch: (id: string, changes: Partial<T>) => void;
  /** Drops a known item (and uncounts it). */
  remove: (id: string) => void;
}

/** A list the server answers page by page. */
export interface PagedListState<T extends Identified> extends ListState<T> {
  /** The last page loaded (1-based); 0 before the first load. */
  page: number;
  pageSize: number;
  /** Shows page `page` alone (numbered pagination), with status 'loading' meanwhile. `load` is `goToPage(1)`. */
  goToPage: (page: number) => Promise<void>;
  /** Appends the next page to the items (a "load more" list); does nothing while loading or at the end. */
  loadMore: () => Promise<void>;
}

/** One entry of a detail store. */
export interface DetailEntry<T> {
  data: T | null;
  status: ResourceStatus;
  error: string | null;
  stale: boolean;
}

/** Single items fetched by id (a load's page, a document); each id has its own status. */
export interface DetailState<T extends Identified> {
  byId: Record<string, DetailEntry<T>>;
  load: (id: string) => Promise<void>;
  /** Loads again every id a screen asked for. Run on reconnect. */
  refetch: () => Promise<void>;
  upsert: (item: T) => void;
  patch: (id: string, changes: Partial<T>) => void;
  remove: (id: string) => void;
  markStale: (id: string) => void;
}

/** zustand's setter and getter over a store's whole state, for the domain actions a store adds. */
export type SetState<S> = StoreApi<S>['setState'];
export type GetState<S> = StoreApi<S>['getState'];

/**
 * A store's own fields (with their initial values) and actions (an unread count, `answerCounter`...), given the
 * store's setter and getter over the whole state. Sign-out reloads the page, so stores need no reset.
 */
export type Extension<S, X> = (set: SetState<S & X>, get: GetState<S & X>, live: LiveSet<S & X>) => X;

/**
 * The setter for a live change (a socket push): like `set`, and applied again over the answer of a load that was on
 * its way meanwhile, which the server may have read before the change.
 */
export type LiveSet<S> = (change: (s: S) => Partial<S>) => void;

export type ResourceStore<S> = UseBoundStore<StoreApi<S>>;

/** What a list's fetch answers (a `Page` fits; `total` defaults to the number of items). */
export interface ListAnswer<T> {
  items: T[];
  total?: number;
}

/**
 * How an entity nested in a store's data is kept: stored in the entity tables (answering the kept copy) and read back
 * from them when they change (answering the same object when nothing it holds changed).
 */
export interface EntityShape<T> {
  store: (data: T) => T;
  resolve: (data: T, tables: EntityTables) => T;
}

/** One entity of a kind. */
export function entityShape<K extends EntityKind>(kind: K): EntityShape<EntityTypes[K]> {
  return {
    store: (item) => upsertEntity(kind, item),
    resolve: (item, tables) => (tables[kind] as Record<string, EntityTypes[K]>)[item.id] ?? item,
  };
}

/** Entities of a kind in a list (the ones gone from the tables drop out). */
export function resolveList<K extends EntityKind>(
  kind: K,
  items: EntityTypes[K][],
  tables: EntityTables,
): EntityTypes[K][] {
  const table = tables[kind] as Record<string, EntityTypes[K]>;
  const resolved = items.map((i) => table[i.id]).filter((i): i is EntityTypes[K] => i !== undefined);
  return resolved.length === items.length && resolved.every((r, n) => r === items[n]) ? items : resolved;
}

/**
 * Where a store's server data lives in the entity tables (issue 26 item 7): its list's items, its own fields holding
 * entities (an array of them, or one or null), or its detail entries (any shape, a load with its requests and offers).
 */
export interface EntityBinding {
  items?: EntityKind;
  fields?: Record<string, EntityKind>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each detail store names its own shape
  detail?: EntityShape<any>;
}

interface ListOptions<T extends Identified, X, A extends ListAnswer<T>> {
  /** False: not loaded again after a reconnect (its screen catches up its own way). */
  refetchOnReconnect?: boolean;
  /** Names the list in console messages ('Loading <name> failed'). */
  name: string;
  entities?: EntityBinding;
  fetch: () => Promise<A>;
  /** The store's own fields that come with the answer (the Broker Hub's stats beside its loads). */
  fromAnswer?: (answer: A) => Partial<X>;
  extend?: Extension<ListState<T>, X>;
}

interface PagedListOptions<T extends Identified, A extends Page<T>, X> {
  /** False: not loaded again after a reconnect (its screen catches up its own way). */
  refetchOnReconnect?: boolean;
  name: string;
  entities?: EntityBinding;
  pageSize: number;
  fetchPage: (page: number, pageSize: number) => Promise<A>;
  /** The store's own fields that come with each page (an unread count). */
  fromPage?: (answer: A) => Partial<X>;
  extend?: Extension<PagedListState<T>, X>;
}

interface DetailOptions<T extends Identified, X> {
  /** False: not loaded again after a reconnect (its screen catches up its own way). */
  refetchOnReconnect?: boolean;
  name: string;
  entities?: EntityBinding;
  fetch: (id: string) => Promise<T>;
  extend?: Extension<DetailState<T>, X>;
}

function reportLoadFailure(name: string, err: unknown): string {
  logFailure(`Loading ${name}`, err);
  return errorMessage(err);
}

function itemHelpers<T extends Identified>(live: LiveSet<ListState<T>>) {
  return {
    upsert: (item: T) =>
      live((s) => {
        if (s.status === 'idle') return s;
        const known = s.items.some((i) => i.id === item.id);
        return known
          ? { items: s.items.map((i) => (i.id === item.id ? item : i)) }
          : { items: [item, ...s.items], total: s.total + 1 };
      }),
    patch: (id: string, changes: Partial<T>) =>
      live((s) => ({ items: s.items.map((i) => (i.id === id ? { ...i, ...changes } : i)) })),
    remove: (id: string) =>
      live((s) =>
        s.items.some((i) => i.id === id)
          ? { items: s.items.filter((i) => i.id !== id), total: Math.max(0, s.total - 1) }
          : s,
      ),
  };
}

/**
 * A list's loads and the live changes made while one is on its way (issue 24: a load posted while a page drawn on the
 * server is taken over). The server may read the list before such a change and answer after its push arrived: the
 * answer then goes in with the changes made since its load began applied over it, instead of hiding them.
 */
function liveAcrossLoads<S>(set: SetState<S>) {
  let loadsOnTheirWay = 0;
  let madeMeanwhile: Array<(s: S) => Partial<S>> = [];
  return {
    live: ((change) => {
      set(change);
      if (loadsOnTheirWay > 0) madeMeanwhile.push(change);
    }) as LiveSet<S>,
    /**
     * Runs a load; its answer comes with `answered`, which puts the answer's change and then every live change made
     * since a load began in one update. The changes are forgotten once no load is on its way.
     */
    async loading<R>(
      load: () => Promise<R>,
    ): Promise<{ answer: R; answered: (change: (s: S) => Partial<S>) => (s: S) => S }> {
      loadsOnTheirWay += 1;
      try {
        const answer = await load();
        const meanwhile = [...madeMeanwhile];
        return {
          answer,
          answered: (change) => (s) =>
            meanwhile.reduce<S>((next, made) => ({ ...next, ...made(next) }), { ...s, ...change(s) }),
        };
      } finally {
        loadsOnTheirWay -= 1;
        if (loadsOnTheirWay === 0) madeMeanwhile = [];
      }
    },
  };
}

/**
 * The setter of a store bound to the entity tables: what a write puts in `items`, in bound fields or in detail
 * entries is upserted in the tables first, and the store keeps the tables' copies (and a list its `ids`). The store
 * follows the tables: an entity upserted or patched anywhere (a socket event, another screen's REST answer) shows in
 * it, and one removed leaves it. `setState` from outside goes the same way.
 */
function bindToEntities<S extends object>(
  binding: EntityBinding,
  set: SetState<S>,
  api: StoreApi<S>,
  isList: boolean,
): SetState<S> {
  type Fields = Record<string, unknown>;
  const store = (partial: Fields): Fields => {
    const out: Fields = { ...partial };
    if (isList && Array.isArray(out.items)) {
      const items = binding.items
        ? upsertEntities(binding.items, out.items as EntityTypes[EntityKind][])
        : (out.items as Identified[]);
      // The same entities in the same order (a list read again, nothing changed): the list on screen stays as it is.
      const shown = (api.getState() as Fields).items as Identified[] | undefined;
      const unchanged = shown?.length === items.length && items.every((item, n) => item === shown[n]);
      out.items = unchanged ? shown : items;
      out.ids = unchanged ? (api.getState() as Fields).ids : items.map((i) => i.id);
    }
    for (const [field, kind] of Object.entries(binding.fields ?? {})) {
      const value = out[field];
      if (Array.isArray(value)) out[field] = upsertEntities(kind, value as EntityTypes[EntityKind][]);
      else if (value && typeof value === 'object')
        out[field] = upsertEntity(kind, value as EntityTypes[EntityKind]);
    }
    const detail = binding.detail;
    if (detail && out.byId && typeof out.byId === 'object') {
      const byId = out.byId as Record<string, DetailEntry<unknown>>;
      out.byId = Object.fromEntries(
        Object.entries(byId).map(([id, e]) => [id, e.data ? { ...e, data: detail.store(e.data) } : e]),
      );
    }
    return out;
  };
  const boundSet = ((partial: unknown, replace?: boolean) => {
    const current = api.getState();
    const next = typeof partial === 'function' ? (partial as (s: S) => S | Partial<S>)(current) : partial;
    if (next === current || !next) return;
    (set as (p: unknown, r?: boolean) => void)(store(next as Fields), replace);
  }) as SetState<S>;
  api.setState = boundSet;

  const follow = (tables: EntityTables) => {
    const state = api.getState() as Fields;
    const change: Fields = {};
    if (isList && binding.items) {
      const items = state.items as EntityTypes[EntityKind][];
      const resolved = resolveList(binding.items, items, tables);
      if (resolved !== items) {
        change.items = resolved;
        change.ids = resolved.map((i) => i.id);
        const dropped = items.length - resolved.length;
        if (dropped > 0) change.total = Math.max(0, (state.total as number) - dropped);
      }
    }
    for (const [field, kind] of Object.entries(binding.fields ?? {})) {
      const value = state[field];
      if (Array.isArray(value)) {
        const resolved = resolveList(kind, value as EntityTypes[EntityKind][], tables);
        if (resolved !== value) change[field] = resolved;
      } else if (value && typeof value === 'object') {
        const resolved = (tables[kind] as Record<string, unknown>)[(value as Identified).id];
        if (resolved && resolved !== value) change[field] = resolved;
      }
    }
    const detail = binding.detail;
    if (detail) {
      const byId = state.byId as Record<string, DetailEntry<unknown>>;
      let changed = false;
      const next = Object.fromEntries(
        Object.entries(byId).map(([id, e]) => {
          if (!e.data) return [id, e];
          const data = detail.resolve(e.data, tables);
          if (data === e.data) return [id, e];
          changed = true;
          return [id, { ...e, data }];
        }),
      );
      if (changed) change.byId = next;
    }
    if (Object.keys(change).length > 0) set(change as Partial<S>);
  };
  useEntityStore.subscribe((s, previous) => {
    if (s.tables !== previous.tables) follow(s.tables);
  });
  return boundSet;
}

/** Every store built here, to load again after a reconnect what a screen had loaded (each one's `refetch`). */
const refetchers: Array<() => Promise<void>> = [];

function registerRefetch(options: { refetchOnReconnect?: boolean }, refetch: () => Promise<void>): void {
  if (options.refetchOnReconnect !== false) refetchers.push(refetch);
}

/**
 * Loads again, in every store built here, what a screen loaded (data that may have changed while the socket was
 * down); stores no screen loaded stay idle.
 */
export async function refetchAllStores(): Promise<void> {
  await Promise.all(refetchers.map((refetch) => refetch()));
}

const emptyResource = { status: 'idle' as ResourceStatus, error: null, stale: false };

/** A list loaded in one request (the first page of a fixed size, or a plain array). */
export function createListStore<
  T extends Identified,
  X extends object = object,
  A extends ListAnswer<T> = ListAnswer<T>,
>(options: ListOptions<T, X, A>): ResourceStore<ListState<T> & X> {
  type S = ListState<T> & X;
  return create<S>()((rawSet, get, api) => {
    const set = bindToEntities(options.entities ?? {}, rawSet, api, true);
    registerRefetch(options, () => api.getState().refetch());
    const { live, loading } = liveAcrossLoads(set);
    const own = options.extend?.(set, get, live);
    const load = async () => {
      if (get().status !== 'loaded') set({ status: 'loading' } as Partial<S>);
      try {
        const { answer, answered } = await loading(options.fetch);
        set(
          answered(
            () =>
              ({
                ...options.fromAnswer?.(answer),
                items: answer.items,
                total: answer.total ?? answer.items.length,
                status: 'loaded',
                error: null,
                stale: false,
              }) as Partial<S>,
          ),
        );
      } catch (err) {
        set({ status: 'failed', error: reportLoadFailure(options.name, err) } as Partial<S>);
      }
    };
    return {
      ...emptyResource,
      ids: [],
      items: [],
      total: 0,
      load,
      refetch: async () => {
        if (get().status !== 'idle') await load();
      },
      markStale: () => set({ stale: true } as Partial<S>),
      ...itemHelpers<T>(live as unknown as LiveSet<ListState<T>>),
      ...(own as X),
    } as S;
  });
}

/** A list shown a page at a time (`goToPage`) or grown page by page (`loadMore`). */
export function createPagedListStore<
  T extends Identified,
  A extends Page<T> = Page<T>,
  X extends object = object,
>(options: PagedListOptions<T, A, X>): ResourceStore<PagedListState<T> & X> {
  type S = PagedListState<T> & X;
  return create<S>()((rawSet, get, api) => {
    const set = bindToEntities(options.entities ?? {}, rawSet, api, true);
    registerRefetch(options, () => api.getState().refetch());
    const { live, loading } = liveAcrossLoads(set);
    const own = options.extend?.(set, get, live);

    // Only the newest request's answer is shown: a slower, older one (the board's first load answering after a
    // search) must not overwrite it.
    let newest = 0;
    /** `quietly`: a reload of what is on screen (after a reconnect), which stays as it is until the answer. */
    async function fetchInto(
      page: number,
      merge: (shown: T[], fetched: T[]) => T[],
      quietly = false,
    ): Promise<void> {
      const request = ++newest;
      if (!quietly || get().status !== 'loaded') set({ status: 'loading' } as Partial<S>);
      try {
        const { answer, answered } = await loading(() => options.fetchPage(page, options.pageSize));
        if (request !== newest) return;
        set(
          answered(
            (s) =>
              ({
                ...options.fromPage?.(answer),
                items: merge(s.items, answer.items),
                total: answer.total,
                page,
                status: 'loaded',
                error: null,
                stale: false,
              }) as Partial<S>,
          ),
        );
      } catch (err) {
        if (request !== newest) return;
        set({ status: 'failed', error: reportLoadFailure(options.name, err) } as Partial<S>);
      }
    }
    const goToPage = (page: number) => fetchInto(page, (_shown, fetched) => fetched);

    return {
      ...emptyResource,
      ids: [],
      items: [],
      total: 0,
      page: 0,
      pageSize: options.pageSize,
      load: () => goToPage(1),
      goToPage,
      loadMore: async () => {
        const { status, items, total, page } = get();
        if (status === 'loading' || items.length >= total) return;
        await fetchInto(page + 1, (shown, fetched) => {
          const seen = new Set(shown.map((i) => i.id));
          return [...shown, ...fetched.filter((i) => !seen.has(i.id))];
        });
      },
      refetch: async () => {
        const { status, items, pageSize, page } = get();
        if (status === 'idle') return;
        // A list grown by `loadMore` starts again from its first page; a numbered one reloads the page it shows.
        const grown = items.length > pageSize;
        await fetchInto(grown ? 1 : Math.max(page, 1), (_shown, fetched) => fetched, true);
      },
      markStale: () => set({ stale: true } as Partial<S>),
      ...itemHelpers<T>(live as unknown as LiveSet<ListState<T>>),
      ...(own as X),
    } as S;
  });
}

/** Items fetched one by one by id, each with its own status. */
export function createDetailStore<T extends Identified, X extends object = object>(
  options: DetailOptions<T, X>,
): ResourceStore<DetailState<T> & X> {
  type S = DetailState<T> & X;
  return create<S>()((rawSet, get, api) => {
    const set = options.entities ? bindToEntities(options.entities, rawSet, api, false) : rawSet;
    registerRefetch(options, () => api.getState().refetch());
    const own = options.extend?.(set, get, set);
    const setEntry = (id: string, change: (entry: DetailEntry<T>) => Partial<DetailEntry<T>>) =>
      set(
        (s) =>
          ({
            byId: {
              ...s.byId,
              [id]: { ...emptyDetail<T>(), ...s.byId[id], ...change(s.byId[id] ?? emptyDetail<T>()) },
            },
          }) as Partial<S>,
      );
    // Per id, only the newest load's answer is shown: one begun before a change (a reload a push started) may answer
    // after one begun after it, and would show the item as it was.
    const newest = new Map<string, number>();
    let requests = 0;
    // Ids whose newest load has not answered. A push that changes one of them meanwhile may be newer than what that
    // load will answer (read before the change): it loads again, and only that later read's answer is shown.
    const loading = new Set<string>();
    const load = async (id: string) => {
      const request = ++requests;
      newest.set(id, request);
      loading.add(id);
      setEntry(id, (e) => (e.status === 'loaded' ? {} : { status: 'loading' }));
      try {
        const data = await options.fetch(id);
        if (newest.get(id) !== request) return;
        loading.delete(id);
        setEntry(id, () => ({ data, status: 'loaded', error: null, stale: false }));
      } catch (err) {
        if (newest.get(id) !== request) return;
        loading.delete(id);
        setEntry(id, () => ({ status: 'failed', error: reportLoadFailure(options.name, err) }));
      }
    };
    const changedWhileLoading = (id: string) => {
      if (loading.has(id)) void load(id);
    };
    return {
      byId: {},
      load,
      refetch: async () => {
        await Promise.all(Object.keys(get().byId).map(load));
      },
      upsert: (item: T) => {
        setEntry(item.id, () => ({ data: item, status: 'loaded', error: null }));
        changedWhileLoading(item.id);
      },
      patch: (id: string, changes: Partial<T>) => {
        setEntry(id, (e) => (e.data ? { data: { ...e.data, ...changes } } : {}));
        changedWhileLoading(id);
      },
      remove: (id: string) =>
        set((s) => {
          const { [id]: _removed, ...rest } = s.byId;
          return { byId: rest } as Partial<S>;
        }),
      markStale: (id: string) => setEntry(id, () => ({ stale: true })),
      ...(own as X),
    } as S;
  });
}

function emptyDetail<T>(): DetailEntry<T> {
  return { data: null, status: 'idle', error: null, stale: false };
}

/** Typed selectors: `useOffersStore(selectItems)` re-renders only when what it reads changes. */
export const selectItems = <T extends Identified>(s: ListState<T>): T[] => s.items;
export const selectStatus = (s: ResourceState): ResourceStatus => s.status;
export const selectTotal = <T extends Identified>(s: ListState<T>): number => s.total;
export const selectHasMore = <T extends Identified>(s: ListState<T>): boolean => s.items.length < s.total;
export const selectDetail =
  (id: string) =>
  <T extends Identified>(s: DetailState<T>): DetailEntry<T> | undefined =>
    s.byId[id];

/**
 * One resource, not a list (the signed-in user, the public config, the verification status), kept under the field
 * `F` (the store's own name for it). `null` before the first answer, or when the server has none (signed out).
 */
export type ItemState<T, F extends string> = ResourceState & { [P in F]: T | null } & {
  load: () => Promise<void>;
  /** The resource as pushed or answered elsewhere (a socket event): shown as loaded. */
  receive: (data: T) => void;
  /** Changes fields of the resource; nothing while there is none. */
  patch: (changes: Partial<T>) => void;
};

interface ItemOptions<T, F extends string, X> {
  name: string;
  field: F;
  /** Answers the resource, or null when the server has none for this visitor (not a failure). */
  fetch: () => Promise<T | null>;
  /** 'loading' for a resource loaded from start-up (no idle time before its first answer). */
  initialStatus?: ResourceStatus;
  /** After each load, with what it brought (null after a failure too). */
  settled?: (data: T | null) => void;
  refetchOnReconnect?: boolean;
  extend?: Extension<ItemState<T, F>, X>;
}

export function createItemStore<T extends object, F extends string, X extends object = object>(
  options: ItemOptions<T, F, X>,
): ResourceStore<ItemState<T, F> & X> {
  type S = ItemState<T, F> & X;
  const { field } = options;
  return create<S>()((set, get, api) => {
    const own = options.extend?.(set, get, set);
    // An answer that holds what is shown already (a reload after a reconnect) keeps the object on screen: nothing
    // that reads it re-renders.
    const put = (data: T | null, extra: Partial<ResourceState> = {}) => {
      const shown = get()[field as keyof S] as unknown as T | null;
      set({ [field]: sameValue(shown, data) ? shown : data, ...extra } as unknown as Partial<S>);
    };
    // A reload keeps status 'loaded' (what is shown stays on screen) until it answers.
    const load = async () => {
      if (get().status !== 'loaded') set({ status: 'loading' } as Partial<S>);
      try {
        const data = await options.fetch();
        put(data, { status: 'loaded', error: null, stale: false });
        options.settled?.(data);
      } catch (err) {
        put(null, { status: 'failed', error: reportLoadFailure(options.name, err) });
        options.settled?.(null);
      }
    };
    registerRefetch(options, () => api.getState().refetch());
    return {
      ...emptyResource,
      status: options.initialStatus ?? 'idle',
      [field]: null,
      load,
      // A reload after a reconnect keeps what is shown when it fails (the next push or load brings it).
      refetch: async () => {
        if (get().status !== 'loaded') return;
        try {
          put(await options.fetch(), { stale: false });
        } catch (err) {
          logFailure(`Loading ${options.name}`, err);
        }
      },
      markStale: () => set({ stale: true } as Partial<S>),
      receive: (data: T) => put(data, { status: 'loaded', error: null }),
      patch: (changes: Partial<T>) =>
        set(
          (s) => (s[field] ? { [field]: { ...(s[field] as T), ...changes } } : {}) as unknown as Partial<S>,
        ),
      ...(own as X),
    } as unknown as S;
  });
}

/** One open list of a keyed store: a page of it. */
export interface KeyedList<T> {
  items: T[];
  page: number;
  total: number;
  status: ResourceStatus;
}

/** Lists keyed by what they belong to (a route's matches), each open one shown a page at a time. */
export interface KeyedListsState<T> {
  lists: Record<string, KeyedList<T>>;
  /** Opens (or moves) the key's list to `page`; its items stay on screen while it loads. */
  load: (key: string, page?: number) => Promise<void>;
  /** Page 1 again, if the key's list is open. */
  reload: (key: string) => Promise<void>;
  /** Closes the key's list. */
  hide: (key: string) => void;
  /** Every open list's page again. Run on reconnect. */
  refetch: () => Promise<void>;
}

interface KeyedListsOptions<T, X> {
  name: string;
  fetchPage: (key: string, page: number) => Promise<Page<T>>;
  extend?: Extension<KeyedListsState<T>, X>;
}

export function createKeyedListsStore<T extends Identified, X extends object = object>(
  options: KeyedListsOptions<T, X>,
): ResourceStore<KeyedListsState<T> & X> {
  type S = KeyedListsState<T> & X;
  return create<S>()((set, get, api) => {
    const own = options.extend?.(set, get, set);
    const setList = (key: string, list: (known: KeyedList<T> | undefined) => KeyedList<T>) =>
      set((s) => ({ lists: { ...s.lists, [key]: list(s.lists[key]) } }) as Partial<S>);
    registerRefetch(options as { refetchOnReconnect?: boolean }, () => api.getState().refetch());
    return {
      lists: {},
      load: async (key, page = 1) => {
        setList(key, (known) => ({ ...(known ?? { items: [], page, total: 0 }), status: 'loading' }));
        try {
          const result = await options.fetchPage(key, page);
          setList(key, () => ({
            items: result.items,
            page: result.page,
            total: result.total,
            status: 'loaded',
          }));
        } catch (err) {
          reportLoadFailure(options.name, err);
          setList(key, () => ({ items: [], page, total: 0, status: 'failed' }));
        }
      },
      reload: async (key) => {
        if (get().lists[key]) await get().load(key, 1);
      },
      hide: (key) =>
        set((s) => {
          const { [key]: _hidden, ...rest } = s.lists;
          return { lists: rest } as Partial<S>;
        }),
      refetch: async () => {
        await Promise.all(Object.entries(get().lists).map(([key, list]) => get().load(key, list.page)));
      },
      ...(own as X),
    } as S;
  });
}
