// Requests the entry (main.tsx) starts before the app's code has arrived, so their answers travel beside it instead
// of after it (issue 24): on a slow phone signal each round trip after the code is a few hundred milliseconds.
// Part of the entry's own small chunk: it imports nothing else of the app.
import { SIGNED_IN_COOKIE } from '@freight/shared';

/** Who the visitor is: GET of the signed-in user (the session store's first request). */
export const SESSION_PATH = '/api/auth/user';

/** The server's marker cookie (the session cookie is httpOnly): this browser has a session, so the app asks who it is. */
export function hasSignedInMarker(): boolean {
  if (typeof document === 'undefined') return false; // the prerender at build time: a signed-out visitor
  return document.cookie.split(/;\s*/).includes(`${SIGNED_IN_COOKIE}=1`);
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
