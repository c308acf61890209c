import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while a page is drawn on the server and while the browser takes it over (hydration), true after (and at
 * once in a page the browser draws itself). What only the browser can draw (the map) waits for it, so the first
 * render in the browser matches the server's HTML (issue 24).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
