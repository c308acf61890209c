/**
 * A signed-in visitor's page drawn on the server (issue 24), as the public pages are at build time: the server runs
 * the page's first loads (firstLoads.ts) against its own API as the visitor, draws the page from their answers and
 * sends the HTML with the answers in it; the browser paints it before any script arrives, then runs the same loads
 * from the same answers and takes the page over (start.tsx). This module is built for Node with the prerender
 * (web/prerender.ts) into dist/server/, and loaded by the server (server/src/http/pageRender.ts).
 *
 * The stores are the app's module-level stores, shared by every page drawn in this process: a pass fills them with
 * one visitor's answers, draws, and puts them back (`resetStores`), one pass at a time, so nothing of one visitor's
 * reaches another's page.
 */
import type { ServerAnswer } from '@freight/shared';
import { resetStores } from './lib/createStore';
import { drawOnServerFor } from './lib/earlyRequests';
import { setDisplayTimeZone } from './lib/formatters';
import {
  answerFromServer,
  releaseServerAnswers,
  serverRedirect,
  unansweredPaths,
  type ServerPageData,
} from './lib/serverData';
import { drawPage, loadPartsOf, type DrawnPage } from './prerender';
import { preloadOf } from './lib/lazyComponent';
import { rendersOnServer, startFirstLoads } from './routePreload';
import { appRoutes } from './routes';

export { PRERENDERED_PATHS, pageHtml, prerenderPage } from './prerender';
export { rendersOnServer } from './routePreload';
export type { ServerPageData } from './lib/serverData';

/** The visitor's answers to these GETs of the API, by path (the server asks its own API with their cookies). */
export type AnswerFetcher = (paths: string[]) => Promise<Record<string, ServerAnswer>>;

export interface SignedInPage extends DrawnPage {
  data: ServerPageData;
}

/** The page sends the visitor elsewhere (a company driver's dashboard is their trips): the server redirects. */
export interface RedirectedPage {
  redirect: string;
}

/** Rounds of loads before the page is drawn: a load that needs another's answer first (a load's chat) asks later. */
const MAX_ROUNDS = 3;

let turn: Promise<unknown> = Promise.resolve();

/** One pass over the shared stores at a time. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = turn.then(work, work);
  turn = run.catch(() => undefined);
  return run;
}

/** Until the loads have done all they can with the answers at hand (their answers settle in microtasks). */
async function settled(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Fills the stores with the page's first loads from `answers`, then runs `draw` on them (or nothing): the paths the
 * loads asked for without an answer, and what `draw` made. The stores are back to their first state after.
 */
function pass<T>(
  data: ServerPageData,
  draw: (() => Promise<T>) | null,
): Promise<{ unanswered: string[]; drawn: T | null }> {
  return oneAtATime(async () => {
    resetStores();
    drawOnServerFor(true);
    setDisplayTimeZone(data.timeZone);
    answerFromServer(data.answers, 'server', data.now);
    try {
      void startFirstLoads(data.path);
      await settled();
      const unanswered = unansweredPaths();
      return { unanswered, drawn: draw ? await draw() : null };
    } finally {
      releaseServerAnswers();
      resetStores();
      drawOnServerFor(false);
      setDisplayTimeZone(undefined);
    }
  });
}

/**
 * The signed-in visitor's page at `path`, drawn from the answers `fetchAnswers` gets for its first loads, or where
 * it sends them; null when the path is not drawn on the server (the server sends index.html) or a part could not be
 * drawn.
 */
export async function renderSignedInPage(
  path: string,
  fetchAnswers: AnswerFetcher,
  { now, timeZone }: { now: number; timeZone: string },
): Promise<SignedInPage | RedirectedPage | null> {
  if (!rendersOnServer(path)) return null;
  const data: ServerPageData = { path, answers: {}, now, timeZone };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { unanswered } = await pass(data, null);
    const missing = unanswered.filter((p) => !(p in data.answers));
    if (missing.length === 0) break;
    Object.assign(data.answers, await fetchAnswers(missing));
  }
  const { drawn } = await pass(data, async () => {
    const page = drawPage(path) ?? (await loadPartsOf(path, true), drawPage(path));
    const redirect = serverRedirect();
    return redirect ? { redirect } : page;
  });
  if (!drawn) return null;
  return 'redirect' in drawn ? drawn : { ...drawn, data };
}

/** Loads the code of every screen drawn on the server, so the first visitor's page does not wait for it. */
export async function warmUp(): Promise<void> {
  await Promise.all(appRoutes.filter((r) => r.serverRendered).map((r) => preloadOf(r.element)?.()));
}
