import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A component whose code loads on first render (or earlier, with `preload`), in a chunk of its own. */
export type LazyComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the module (once): for the route about to show, or the next likely screen. */
  preload: () => Promise<unknown>;
};

/**
 * `lazyNamed(() => import('./features/x/XPage'), 'XPage')`: the named export of a module, split into its own chunk
 * (issue 24: a page loads only the screens it shows). Render it under a `<Suspense>` (AppRoutes has one for every
 * route). A failed load is tried again on the next render, not cached.
 */
export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<{ [key in K]: ComponentType<P> }>,
  name: K,
): LazyComponent<P> {
  let loading: Promise<{ [key in K]: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module[name];
        return module;
      },
      (err: unknown) => {
        loading = undefined;
        reloadOnceForNewBuild();
        throw err;
      },
    ));
  // Code already here is taken at once: React renders the component without suspending (a promise, even a settled
  // one, answers a tick later). A page drawn on the server is then taken over in one pass, instead of its screen being
  // left for later and drawn afresh at the first change above it (issue 24).
  const component = lazy(() =>
    loaded
      ? (settledWith({ default: loaded }) as Promise<{ default: ComponentType<P> }>)
      : preload().then((module) => ({ default: module[name] })),
  );
  return Object.assign(component, { preload });
}

/** A thenable that calls back at once (React.lazy reads a module it answers without waiting for a tick). */
function settledWith<T>(value: T): PromiseLike<T> {
  return {
    then: <R1 = T, R2 = never>(onFulfilled?: ((v: T) => R1 | PromiseLike<R1>) | null) =>
      settledWith(onFulfilled ? onFulfilled(value) : value) as unknown as PromiseLike<R1 | R2>,
  };
}

/** The preload of a lazily loaded element's component, if it has one (a route's `element`). */
export function preloadOf(element: unknown): (() => Promise<unknown>) | null {
  const type = (element as { type?: { preload?: unknown } } | null)?.type;
  return typeof type?.preload === 'function' ? (type.preload as () => Promise<unknown>) : null;
}

const RELOADED = 'fm.chunkReload';

/**
 * A chunk that fails to load is most often one of an older build, gone since a deployment (the open page still
 * names it): the page loads once more, from the new build. Once per tab session, so an offline page does not loop.
 */
function reloadOnceForNewBuild(): void {
  try {
    if (sessionStorage.getItem(RELOADED)) return;
    sessionStorage.setItem(RELOADED, '1');
  } catch {
    return;
  }
  window.location.reload();
}
