// First: configures zod before @freight/shared's schemas load (keeps the CSP console clean).
import './lib/zodJitless';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { prefersTableView } from './features/freight/useBoardView';
import { registerServiceWorker } from './features/mobile/pwa';
import { hasSignedInMarker } from './lib/earlyRequests';
import { ownTimeZone } from './lib/formatters';
import {
  SERVER_DATA_ELEMENT_ID,
  answerFromServer,
  releaseServerAnswers,
  type ServerPageData,
} from './lib/serverData';
import { preloadRoute, startFirstLoads } from './routePreload';
import { installSocketRoutes } from './stores/socketRoutes';
import { appSystem } from './theme';

/**
 * The public pages come prerendered for a signed-out visitor (web/prerender.ts, issue 24): React takes over that
 * HTML (hydration) instead of drawing the screen again. A signed-in visitor's main screens come drawn by the server
 * (serverRender.tsx) with the answers they were drawn from: the same first loads run from those answers, then React
 * takes the HTML over. Anything else (a query string, a page not drawn in advance, a board the visitor keeps as a
 * table, a time zone other than the one the server drew dates in) renders afresh, replacing whatever index.html showed.
 */
function hydratesPrerendered(root: HTMLElement): boolean {
  const { pathname, search } = window.location;
  if (root.dataset.prerendered !== pathname || search !== '' || hasSignedInMarker()) return false;
  return pathname !== '/freight' || !prefersTableView();
}

/** The answers a page drawn on the server for this visitor came with, if this is one. */
function serverRenderedData(root: HTMLElement): ServerPageData | null {
  const { pathname, search } = window.location;
  if (root.dataset.serverRendered !== pathname || search !== '' || !hasSignedInMarker()) return null;
  try {
    const data = JSON.parse(
      document.getElementById(SERVER_DATA_ELEMENT_ID)?.textContent ?? '',
    ) as ServerPageData;
    return data.path === pathname ? data : null;
  } catch {
    return null;
  }
}

/** Until these, React may not have taken a page drawn on the server over: its held requests go then at the latest. */
const TAKE_OVER_WAIT_MS = 10_000;

function mount(): void {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('Missing #root element');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A transition either way: React renders (or hydrates) the first screen in slices, yielding to the browser between
  // them, instead of one long task that blocks input on a slow phone (issue 24). Until it commits, index.html's
  // "Loading...", the prerendered page or the server's page shows.
  const fromServer = serverRenderedData(rootElement);
  if (fromServer) {
    // The stores as the server filled them, from the same answers; what the server did not answer waits until React
    // has the page (AppRoutes' ScreenReady releases it), as it showed loading in the server's HTML too.
    answerFromServer(fromServer.answers, 'browser', fromServer.now);
    void startFirstLoads(fromServer.path);
    window.setTimeout(releaseServerAnswers, TAKE_OVER_WAIT_MS);
    // Once the screen's code is here (React would otherwise leave its part of the page for later, and draw it afresh
    // at the first change above it) and the answers have settled (microtasks: the next task finds the stores filled).
    // Reading the browser's time zone loads its zone data: a task of its own.
    let takesOver = false;
    void preloadRoute(fromServer.path, true).then(() =>
      inTasks(
        () => {
          takesOver =
            fromServer.timeZone === ownTimeZone() && (fromServer.path !== '/freight' || !prefersTableView());
        },
        () => {
          if (takesOver) startTransition(() => void hydrateRoot(rootElement, app));
          else render(rootElement, app);
        },
      ),
    );
  } else if (hydratesPrerendered(rootElement)) startTransition(() => void hydrateRoot(rootElement, app));
  else render(rootElement, app);
  installSocketRoutes();
  registerServiceWorker();
}

/**
 * Draws the app afresh over what the root holds. A page drawn on the server (or prerendered) stays inert until React's
 * first commit has replaced it: taken out before, its buttons would take a click that nothing answers (a tap in the
 * moment after the page looked ready was lost, and a dialog never opened).
 */
function render(rootElement: HTMLElement, app: ReactNode): void {
  startTransition(() =>
    createRoot(rootElement).render(
      <>
        {app}
        <ReplacedWhatTheServerDrew root={rootElement} />
      </>,
    ),
  );
}

function ReplacedWhatTheServerDrew({ root }: { root: HTMLElement }) {
  useEffect(() => root.removeAttribute('inert'), [root]);
  return null;
}

/** Runs `steps` one per task: a phone's browser handles input and paints between them. */
function inTasks(...steps: Array<() => void>): void {
  const [step, ...rest] = steps;
  if (!step) return;
  setTimeout(() => {
    step();
    inTasks(...rest);
  }, 0);
}

// The start-up in three tasks after the modules' evaluation instead of one long one (issue 24): the screen's code
// starts loading (beside the session call main.tsx made), Chakra's theme is built, then the first render begins.
inTasks(() => void preloadRoute(window.location.pathname, hasSignedInMarker()), appSystem, mount);
