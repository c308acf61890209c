import { useCallback, useSyncExternalStore } from 'react';
import type { StateCreator, StoreApi, UseBoundStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * Every store of the web app, made with this `create` (zustand's, registered): a page rendered on the server
 * (serverRender.tsx, issue 24) fills the stores with one visitor's answers, renders, and puts every store back to its
 * first state before the next visitor's page, so nothing of one visitor's reaches another's. The lint rule
 * `no-restricted-imports` keeps zustand's own `create` out of the app.
 */
const stores: Array<StoreApi<unknown>> = [];
/** Module state kept outside a store (a cache keyed by load), cleared with the stores. */
const resetters: Array<() => void> = [];

type Initializer<T> = StateCreator<T, [], []>;

const identity = <T>(state: T) => state;

/**
 * The store's hook. zustand's own reads the store's initial state as the server's snapshot (React's
 * useSyncExternalStore), which drew every screen of a page rendered on the server as loading, and made the browser
 * draw the page again in one long synchronous render once it had taken it over. Here the snapshot is the state as it
 * stands, on the server and in the browser alike: the stores as the page's first loads filled them (issue 24).
 */
function bound<T>(api: StoreApi<T>): UseBoundStore<StoreApi<T>> {
  function useBoundStore<U>(selector: (state: T) => U = identity as (state: T) => U): U {
    const snapshot = useCallback(() => selector(api.getState()), [selector]);
    return useSyncExternalStore(api.subscribe, snapshot, snapshot);
  }
  stores.push(api as unknown as StoreApi<unknown>);
  return Object.assign(useBoundStore, api) as UseBoundStore<StoreApi<T>>;
}

function createRegistered<T>(): (initializer: Initializer<T>) => UseBoundStore<StoreApi<T>>;
function createRegistered<T>(initializer: Initializer<T>): UseBoundStore<StoreApi<T>>;
function createRegistered<T>(initializer?: Initializer<T>) {
  if (initializer === undefined) return (later: Initializer<T>) => bound(createStore<T>()(later));
  return bound(createStore<T>()(initializer));
}

/** zustand's `create` (both forms: `create<S>(init)` and `create<S>()(init)`), the store registered. */
export const create = createRegistered;

/** Clears module state that lives beside the stores (run by `resetStores`). */
export function onStoresReset(reset: () => void): void {
  resetters.push(reset);
}

/** Every store back to the state it was made with, and the module state registered beside them cleared. */
export function resetStores(): void {
  for (const store of stores) store.setState(store.getInitialState(), true);
  for (const reset of resetters) reset();
}
