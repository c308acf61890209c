import { startTransition, useEffect, useRef, useState } from 'react';
import type { StoreApi } from 'zustand';

/**
 * A store's value whose changes reach the component in a transition (issue 24). zustand's own hook (React's
 * useSyncExternalStore) applies every change at once: React then renders all that changes, a whole screen when the
 * session or a page of loads arrives, in one task that a phone cannot interrupt. Read this way, React renders it in
 * slices and yields to the browser between them; the previous value stays on screen meanwhile (a few frames).
 * For the few values that redraw large parts of a screen. `select` and `equal` must be stable: module-level, or
 * memoized on what they read (a new `select`, the load of another id, is read at once).
 */
export function useTransitionedStore<S, T>(
  store: Pick<StoreApi<S>, 'getState' | 'subscribe'>,
  select: (state: S) => T,
  equal: (a: T, b: T) => boolean = Object.is,
): T {
  const [shown, setShown] = useState(() => ({ select, value: select(store.getState()) }));
  const current = shown.select === select ? shown.value : select(store.getState());
  if (shown.select !== select) setShown({ select, value: current });
  // What is on screen, for the subscription to leave alone: an update that changes nothing still re-renders the
  // component, and re-rendering a part of the page React has not taken over yet would make it draw that part afresh.
  const onScreen = useRef(shown);
  onScreen.current = shown;

  useEffect(() => {
    const apply = () => {
      const next = select(store.getState());
      const seen = onScreen.current;
      if (seen.select === select && equal(seen.value, next)) return;
      startTransition(() =>
        setShown((s) => (s.select === select && equal(s.value, next) ? s : { select, value: next })),
      );
    };
    apply(); // a change between the render and this subscription
    return store.subscribe(apply);
  }, [store, select, equal]);
  return current;
}
