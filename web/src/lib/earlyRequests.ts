// Requests the entry (main.tsx) starts before the app's code has arrived, so their answers travel beside it instead
// of after it (issue 24): on a slow phone signal each round trip after the code is a few hundred milliseconds.
// Part of the entry's own small chunk: it imports nothing else of the app.
import { SIGNED_IN_COOKIE, TIME_ZONE_COOKIE } from '@freight/shared';

/** Who the visitor is: GET of the signed-in user (the session store's first request). */
export const SESSION_PATH = '/api/auth/user';

/** The cookies scripts may read, as `name=value` each. */
const browserCookies = (): string[] => document.cookie.split(/;\s*/);

/** In Node: whether the page being drawn on the server is a signed-in visitor's (serverRender.tsx). */
let drawingForSignedIn = false;

export function drawOnServerFor(signedIn: boolean): void {
  drawingForSignedIn = signedIn;
}

/** The server's marker cookie (the session cookie is httpOnly): this browser has a session, so the app asks who it is. */
export function hasSignedInMarker(): boolean {
  // On the server: a signed-in visitor's page, or the prerender of a signed-out one at build time.
  if (typeof document === 'undefined') return drawingForSignedIn;
  return browserCookies().includes(`${SIGNED_IN_COOKIE}=1`);
}

const started = new Map<string, Promise<Response>>();

/** Starts a GET of `path` now; the first `apiRequest` GET of the same path takes its answer. */
export function startEarly(path: string): void {
  const answer = fetch(path, { method: 'GET', credentials: 'include' });
  answer.catch(() => undefined); // a failure reaches whoever takes it, not the console as unhandled
  started.set(path, answer);
}

/** The answer of an early GET of `path`, once (a later request fetches again). */
export function takeEarly(path: string): Promise<Response> | undefined {
  const answer = started.get(path);
  started.delete(path);
  return answer;
}

/**
 * Tells the server this browser's time zone (the `fm.tz` cookie), so the pages it draws for this visitor show dates
 * as the browser would (issue 24). Written only when it changed.
 */
export function rememberTimeZone(): void {
  let zone: string;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return;
  }
  const cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`;
  if (!browserCookies().includes(cookie))
    document.cookie = `${cookie}; path=/; max-age=31536000; samesite=lax`;
}
