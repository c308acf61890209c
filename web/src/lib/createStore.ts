import { create as createZustandStore, type StateCreator, type StoreApi, type UseBoundStore } from 'zustand';

/**
 * Every store of the web app, made with this `create` (zustand's, registered): a page rendered on the server
 * (serverRender.tsx, issue 24) fills the stores with one visitor's answers, renders, and puts every store back to its
 * first state before the next visitor's page, so nothing of one visitor's reaches another's. The lint rule
 * `no-restricted-imports` keeps zustand's own `create` out of the app.
 */
const stores: Array<{ store: StoreApi<unknown>; initial: unknown }> = [];
/** Module state kept outside a store (a cache keyed by load), cleared with the stores. */
const resetters: Array<() => void> = [];

type Initializer<T> = StateCreator<T, [], []>;

/**
 * zustand's hooks read `getInitialState()` as the server's snapshot (React's useSyncExternalStore): what a page drawn
 * on the server shows, and what the browser's first render must show when it takes that page over. Here that is
 * the state as it stands: the stores as the page's first loads filled them, on the server and again in the browser
 * before hydration (issue 24). With zustand's own (the state the store was made with) the server drew every screen
 * as loading, and the browser, once it had taken the page over, drew it all again in one long synchronous render.
 * The state the store was made with is kept here for `resetStores`.
 */
function registered<T>(initializer: Initializer<T>): Initializer<T> {
  return (set, get, api) => {
    const state = initializer(set, get, api);
    stores.push({ store: api as unknown as StoreApi<unknown>, initial: state });
    api.getInitialState = api.getState;
    return state;
  };
}

function createRegistered<T>(): (initializer: Initializer<T>) => UseBoundStore<StoreApi<T>>;
function createRegistered<T>(initializer: Initializer<T>): UseBoundStore<StoreApi<T>>;
function createRegistered<T>(initializer?: Initializer<T>) {
  if (initializer === undefined) return (later: Initializer<T>) => createZustandStore<T>()(registered(later));
  return createZustandStore<T>()(registered(initializer));
}

/** zustand's `create` (both forms: `create<S>(init)` and `create<S>()(init)`), the store registered. */
export const create = createRegistered;

/** Clears module state that lives beside the stores (run by `resetStores`). */
export function onStoresReset(reset: () => void): void {
  resetters.push(reset);
}

/** Every store back to the state it was made with, and the module state registered beside them cleared. */
export function resetStores(): void {
  for (const { store, initial } of stores) store.setState(initial, true);
  for (const reset of resetters) reset();
}
