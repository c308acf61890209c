// First: configures zod before @freight/shared's schemas load (keeps the CSP console clean).
import './lib/zodJitless';
import './font.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadRoute } from './features/layout/AppRoutes';
import { registerServiceWorker } from './features/mobile/pwa';
import { hasSignedInMarker } from './stores/session';
import { installSocketRoutes } from './stores/socketRoutes';

// The screen's code starts loading now, beside the first render and the session call (issue 24).
preloadRoute(window.location.pathname, hasSignedInMarker());

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');

// A transition: React renders the first screen in slices, yielding to the browser between them, instead of one long
// task that blocks input on a slow phone (issue 24). index.html's "Loading..." shows until it commits.
startTransition(() =>
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

installSocketRoutes();
registerServiceWorker();
