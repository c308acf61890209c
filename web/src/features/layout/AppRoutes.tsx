import { Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes, matchPath, useLocation } from 'react-router-dom';
import { Redirect } from '../../components/Redirect';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { releaseServerAnswers } from '../../lib/serverData';
import { appRoutes, type AppRoute } from '../../routes';
import { admits, preloadRoute } from '../../routePreload';
import { NotFoundPage } from './NotFoundPage';
import { SignInRequired } from './SignInRequired';

/** One element per path: the entry whose access admits the visitor, else a redirect. */
function resolveRoutes(signedIn: boolean): Array<{ path: string; element: ReactNode }> {
  const byPath = new Map<string, AppRoute[]>();
  for (const route of appRoutes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  return [...byPath.entries()].map(([path, entries]) => {
    const admitted = entries.find((route) => admits(route.access, signedIn));
    if (admitted) return { path, element: admitted.element };
    // Signed out on a signed-in page: sign in right here, and the page opens after (issue 23).
    return { path, element: signedIn ? <Redirect to="/" /> : <SignInRequired /> };
  });
}

/**
 * The screens a visitor most likely opens next, by the path they are on (issue 24): their code is fetched once the
 * page has painted and the browser is idle, so the next click does not wait for it.
 */
const NEXT_SCREENS: Record<string, string[]> = {
  '/': ['/freight'],
  '/freight': ['/', '/tracking/next'],
  '/small-shipments': ['/', '/freight'],
  '/tracking': ['/tracking/next'],
  '/tracking/:id': ['/freight'],
};

/** After the page's load: the first screen's own requests (its data, the socket) go first on a weak signal. */
const PREFETCH_DELAY_MS = 3000;

function usePrefetchNextScreens(signedIn: boolean) {
  const { pathname } = useLocation();
  useEffect(() => {
    const pattern = Object.keys(NEXT_SCREENS).find((p) => matchPath(p, pathname));
    if (!pattern) return;
    const prefetch = () => NEXT_SCREENS[pattern].forEach((next) => preloadRoute(next, signedIn));
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1));
    let handle: number | undefined;
    const afterLoad = () => {
      handle = window.setTimeout(() => idle(prefetch, { timeout: 5000 }), PREFETCH_DELAY_MS);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      window.clearTimeout(handle);
    };
  }, [pathname, signedIn]);
}

/**
 * A prerendered or server-rendered page (web/prerender.ts, serverRender.tsx) arrives inert: until React has taken its screen over, a click or tap would
 * be lost, so the page takes none (and a test waits for it). This runs once the screen has committed, in the same
 * boundary as the routes, so after their code has loaded and hydrated.
 */
function ScreenReady() {
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('inert');
    // A page drawn on the server is React's now: what it did not answer goes to the network (lib/serverData.ts), in
    // the next task, once the screen's own effects (run after this one) have seen it was taken over.
    const release = window.setTimeout(releaseServerAnswers, 0);
    return () => window.clearTimeout(release);
  }, []);
  return null;
}

export function AppRoutes({ signedIn }: { signedIn: boolean }) {
  usePrefetchNextScreens(signedIn);
  return (
    // A screen's code loads on first visit: the loading state shows meanwhile.
    <Suspense fallback={<FullScreenSpinner />}>
      <ScreenReady />
      <Routes>
        {resolveRoutes(signedIn).map((route) => (
          <Route key={route.path} path={route.path} element={route.element} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
