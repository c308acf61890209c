// First: configures zod before @freight/shared's schemas load (keeps the CSP console clean).
import './lib/zodJitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { prefersTableView } from './features/freight/useBoardView';
import { registerServiceWorker } from './features/mobile/pwa';
import { hasSignedInMarker } from './lib/earlyRequests';
import { preloadRoute } from './routePreload';
import { installSocketRoutes } from './stores/socketRoutes';
import { appSystem } from './theme';

/**
 * The public pages come prerendered for a signed-out visitor (web/prerender.ts, issue 24): React takes over that
 * HTML (hydration) instead of drawing the screen again. Anything else (a signed-in visitor, a query string, a page
 * not prerendered, a board the visitor keeps as a table) renders afresh, replacing whatever index.html showed.
 */
function hydratesPrerendered(root: HTMLElement): boolean {
  const { pathname, search } = window.location;
  if (root.dataset.prerendered !== pathname || search !== '' || hasSignedInMarker()) return false;
  return pathname !== '/freight' || !prefersTableView();
}

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
  // "Loading..." or the prerendered page shows.
  if (hydratesPrerendered(rootElement)) startTransition(() => void hydrateRoot(rootElement, app));
  else {
    rootElement.removeAttribute('inert'); // a prerendered page's, now replaced
    startTransition(() => createRoot(rootElement).render(app));
  }
  installSocketRoutes();
  registerServiceWorker();
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
inTasks(() => preloadRoute(window.location.pathname, hasSignedInMarker()), appSystem, mount);
