import { matchPath } from 'react-router-dom';
import { preloadOf } from './lib/lazyComponent';
import { signedInFirstLoads } from './firstLoads';
import { appRoutes, type AppRoute, type RouteAccess } from './routes';

export function admits(access: RouteAccess, signedIn: boolean): boolean {
  return access === 'public' || (access === 'signedIn') === signedIn;
}

/**
 * Starts loading the code of the screen at `pathname` for this visitor (before the session call has answered). Its
 * own small chunk: the entry (main.tsx) runs it beside the app's code, not after it (issue 24).
 */
export function preloadRoute(pathname: string, signedIn: boolean): Promise<unknown> {
  const loading = preloadOf(routeAt(pathname, signedIn)?.element)?.() ?? Promise.resolve();
  return loading.catch(() => undefined); // the render tries again and shows the failure
}

/** The route this visitor gets at `pathname` (undefined: the 404 page, or a redirect). */
export function routeAt(pathname: string, signedIn: boolean): AppRoute | undefined {
  return appRoutes.find((r) => admits(r.access, signedIn) && matchPath(r.path, pathname));
}

/** Whether a signed-in visitor's page at `pathname` is drawn on the server (issue 24). */
export function rendersOnServer(pathname: string): boolean {
  return routeAt(pathname, true)?.serverRendered !== undefined;
}

/**
 * Starts the loads a server-rendered page begins with (firstLoads.ts): the navigation bar's and the route's. Settles
 * once they all have.
 */
export async function startFirstLoads(pathname: string): Promise<void> {
  const route = routeAt(pathname, true);
  const params = route ? (matchPath(route.path, pathname)?.params ?? {}) : {};
  const signedIn = signedInFirstLoads();
  await Promise.all([signedIn, route?.serverRendered?.firstLoads?.(params, signedIn)]);
}
