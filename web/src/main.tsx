// The entry index.html loads: the font's style sheet, then the app after the page has painted (issue 24).
import './font.css';
import { SESSION_PATH, hasSignedInMarker, startEarly } from './lib/earlyRequests';

/**
 * The app's code (start.tsx and what it imports) is fetched and run once the browser has painted index.html: on the
 * public pages that is their prerendered first screen, which then shows without waiting for the scripts, and is
 * what Lighthouse's simulation counts as the first and largest paint. Elsewhere index.html's "Loading..." paints
 * first; one frame later the same code starts as before.
 */
function afterFirstPaint(run: () => void): void {
  // A tab opened in the background paints nothing (and runs no animation frame) until it is shown: start at once.
  if (document.visibilityState !== 'visible') setTimeout(run, 0);
  else requestAnimationFrame(() => setTimeout(run, 0));
}

const signedIn = hasSignedInMarker();
// Who the visitor is, asked now: the answer travels beside the app's code instead of after it (issue 24).
if (signedIn) startEarly(SESSION_PATH);

afterFirstPaint(() => void import('./start'));
