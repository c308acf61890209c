// A signed-in page rendered on the server (issue 24): the answers its first requests got there, handed to the
// browser in the page so it takes the page over (hydrates) from the same state, without asking again. Part of the
// entry's graph through api.ts: it imports nothing but a type.
import type { ServerAnswer } from '@freight/shared';

/** What a page rendered on the server carries for the browser (`<script type="application/json" id="server-data">`). */
export interface ServerPageData {
  /** The address rendered: its path (a page is rendered only without a query string). */
  path: string;
  /** By request path (`/api/freight?page=1…`): every GET the page's first loads made. */
  answers: Record<string, ServerAnswer>;
  /** The server's clock when it rendered: text that depends on the time is drawn for this instant until hydrated. */
  now: number;
  /** The IANA time zone the page's dates were drawn in (the browser's, from its `fm.tz` cookie; UTC without one). */
  timeZone: string;
}

export const SERVER_DATA_ELEMENT_ID = 'server-data';

type Mode = 'server' | 'browser';

let answers: Map<string, ServerAnswer> | null = null;
let mode: Mode = 'browser';
/** Server: the paths asked for without an answer (fetched before the next pass). */
const unanswered = new Set<string>();
/** Browser: requests without an answer, held until the page is hydrated so the first render matches the server's. */
let held: Array<() => void> = [];
let frozenNow: number | null = null;
/** Server: where the page drawn sends the visitor instead (a driver's dashboard is their trips). */
let redirectTo: string | null = null;

/**
 * From now on, a GET of a path in `given` answers with it (as often as it is asked). Any other GET: on the server it
 * is recorded (`unansweredPaths`) and never answers, so the render shows it loading; in the browser it waits until
 * `releaseServerAnswers` and then goes to the network, as it did on the server, the page's first render showing it
 * loading there too.
 */
export function answerFromServer(given: Record<string, ServerAnswer>, where: Mode, now: number): void {
  answers = new Map(Object.entries(given));
  mode = where;
  unanswered.clear();
  frozenNow = now;
  redirectTo = null;
}

/** Back to the network for every request, the clock running; held requests and deferred work go now. */
export function releaseServerAnswers(): void {
  answers = null;
  frozenNow = null;
  unanswered.clear();
  const waiting = held;
  held = [];
  for (const go of waiting) go();
}

/**
 * Runs `work` once the browser has taken the server-rendered page over (true: deferred), or says false when no page
 * is being taken over (the caller goes ahead). On the server it is dropped (true).
 */
export function afterServerAnswers(work: () => void): boolean {
  if (!answers) return false;
  if (mode === 'browser') held.push(work);
  return true;
}

/**
 * Whether the browser is taking over a page drawn on the server: a screen's loads on mount are not needed then (the
 * page came with them, and the socket's first connect catches up what changed since it was drawn).
 */
export function takingOverFromServer(): boolean {
  return answers !== null && mode === 'browser';
}

/** On the server, the page being drawn sends the visitor to `to` (the server answers with a redirect). */
export function redirectFromServer(to: string): void {
  if (mode === 'server') redirectTo = to;
}

/** Where the page drawn in the current pass sends the visitor, if it does. */
export function serverRedirect(): string | null {
  return redirectTo;
}

/** The paths the current pass asked for that had no answer (the server fetches them for the next). */
export function unansweredPaths(): string[] {
  return [...unanswered];
}

/**
 * For `apiRequest`'s GETs: the server's answer while a server-rendered page is being drawn (null: none, ask the
 * network now), or undefined when no page is being drawn from answers.
 */
export function serverAnswerFor(path: string): Promise<ServerAnswer | null> | undefined {
  if (!answers) return undefined;
  const answer = answers.get(path);
  if (answer) return Promise.resolve(answer);
  if (mode === 'server') {
    unanswered.add(path);
    return new Promise<never>(() => undefined);
  }
  return new Promise((resolve) => held.push(() => resolve(null)));
}

/**
 * Now, for a component's first state ("5 min ago", a trip's progress): the instant the server drew the page while
 * it is being drawn or taken over, so both draw the same text; the clock after.
 */
export function renderNow(): number {
  return frozenNow ?? Date.now();
}
