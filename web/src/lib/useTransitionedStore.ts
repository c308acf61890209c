import { startTransition, useEffect, useState } from 'react';
import type { StoreApi } from 'zustand';

/**
 * A store's value whose changes reach the component in a transition (issue 24). zustand's own hook (React's
 * useSyncExternalStore) applies every change at once: React then renders all that changes, a whole screen when the
 * session or a page of loads arrives, in one task that a phone cannot interrupt. Read this way, React renders it in
 * slices and yields to the browser between them; the previous value stays on screen meanwhile (a few frames).
 * For the few values that redraw large parts of a screen; `select` and `equal` must be stable (module-level).
 */
export function useTransitionedStore<S, T>(
  store: Pick<StoreApi<S>, 'getState' | 'subscribe'>,
  select: (state: S) => T,
  equal: (a: T, b: T) => boolean = Object.is,
): T {
  const [value, setValue] = useState(() => select(store.getState()));
  useEffect(() => {
    const apply = () => {
      const next = select(store.getState());
      startTransition(() => setValue((current) => (equal(current, next) ? current : next)));
    };
    apply(); // a change between the first render and this subscription
    return store.subscribe(apply);
  }, [store, select, equal]);
  return value;
}
