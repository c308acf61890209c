// The entry index.html loads: the font's style sheet, then the app after the page has painted (issue 24).
import './font.css';
// Chakra's reset, global CSS and token variables, rendered at build time (buildPlugins.ts: chakraGlobalStyles).
import 'virtual:chakra-global.css';
import { SESSION_PATH, hasSignedInMarker, rememberTimeZone, startEarly } from './lib/earlyRequests';

/** The longest the app waits for the browser to report its first paint: a report that never comes must not stall it. */
const FIRST_PAINT_WAIT_MS = 1000;

/**
 * The app's code (start.tsx and what it imports) is fetched and run once the browser has painted index.html: on the
 * public pages that is their prerendered first screen, which then shows without waiting for the scripts, and is
 * what Lighthouse's simulation counts as the first and largest paint (it counts every request that ended before
 * that paint as one the paint waited for, so the app's code is asked for after it). Elsewhere index.html's
 * "Loading..." paints first.
 */
function afterFirstPaint(run: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    setTimeout(run, 0);
  };
  // A tab opened in the background paints nothing until it is shown: start at once.
  if (document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    start();
    return;
  }
  const painted = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    painted.disconnect();
    start();
  });
  painted.observe({ type: 'paint', buffered: true });
  setTimeout(start, FIRST_PAINT_WAIT_MS);
}

const signedIn = hasSignedInMarker();
// Who the visitor is, asked now: the answer travels beside the app's code instead of after it (issue 24). A page
// drawn on the server came with it.
if (signedIn && !document.getElementById('root')?.dataset.serverRendered) startEarly(SESSION_PATH);
// Reading the time zone loads the browser's zone data (a few milliseconds on a phone): after the page has loaded.
window.addEventListener('load', () => window.setTimeout(rememberTimeZone, 1000), { once: true });

afterFirstPaint(() => void import('./start'));
