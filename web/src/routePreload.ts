import { matchPath } from 'react-router-dom';
import { preloadOf } from './lib/lazyComponent';
import { appRoutes, type RouteAccess } from './routes';

export function admits(access: RouteAccess, signedIn: boolean): boolean {
  return access === 'public' || (access === 'signedIn') === signedIn;
}

/**
 * Starts loading the code of the screen at `pathname` for this visitor (before the session call has answered). Its
 * own small chunk: the entry (main.tsx) runs it beside the app's code, not after it (issue 24).
 */
export function preloadRoute(pathname: string, signedIn: boolean): void {
  const route = appRoutes.find((r) => admits(r.access, signedIn) && matchPath(r.path, pathname));
  preloadOf(route?.element)?.().catch(() => undefined); // the render tries again and shows the failure
}
