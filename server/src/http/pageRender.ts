import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TIME_ZONE_COOKIE, type ServerAnswer } from '@freight/shared';
import type { Request } from 'express';
import type { Logger } from '../infra/logger';

/**
 * Signed-in visitors' main screens drawn on the server (issue 24): the web build's server bundle
 * (web/src/serverRender.tsx, built into `<web dist>/.server/`) runs the page's first loads against this server's own
 * API as the visitor (their cookies), draws the page from the answers and puts it, with the answers, into
 * index.html. The browser paints it before any script arrives, then takes it over from the same answers. Any
 * failure, or a page slower than its budget (PAGE_RENDER_BUDGET_MS, 3 s), sends index.html instead, as before.
 */

/** What the web's server bundle offers (web/src/serverRender.tsx). */
interface ServerRenderBundle {
  warmUp(): Promise<void>;
  rendersOnServer(path: string): boolean;
  renderSignedInPage(
    path: string,
    fetchAnswers: (paths: string[]) => Promise<Record<string, ServerAnswer>>,
    at: { now: number; timeZone: string },
  ): Promise<{ html: string; styles: string; data: { path: string } } | { redirect: string } | null>;
  pageHtml(
    indexHtml: string,
    page: { html: string; styles: string },
    drawn: { serverRendered: { path: string } },
  ): string;
}

/** The request headers an API call made for the visitor carries (who they are, where from, through which proxy). */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-forwarded-proto'];

/** A refusal or failure that means the page is better drawn by the browser (a lost session, an outage). */
class NotDrawn extends Error {}

/** The visitor's time zone from their cookie, if it is one this Node knows; UTC otherwise. */
export function timeZoneOf(req: Request): string {
  const raw = req.headers.cookie
    ?.split(/;\s*/)
    .find((c) => c.startsWith(`${TIME_ZONE_COOKIE}=`))
    ?.slice(TIME_ZONE_COOKIE.length + 1);
  if (!raw) return 'UTC';
  try {
    const zone = decodeURIComponent(raw);
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** GETs `apiPath` of this server as the visitor of `req` (same address and port it reached, its cookies). */
function askAsVisitor(
  req: Request,
  apiPath: string,
  agent: http.Agent,
  budgetMs: number,
): Promise<ServerAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'identity' };
  for (const name of FORWARDED_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const host = req.socket.localAddress ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    const call = http.get(
      {
        host: host.startsWith('::ffff:') ? host.slice(7) : host,
        port: req.socket.localPort,
        path: apiPath,
        headers,
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 500;
          const text = Buffer.concat(chunks).toString('utf8');
          // Signed out meanwhile, or a failure the browser may get past by asking itself: it draws the page.
          if (status === 401 || status >= 500) return reject(new NotDrawn(`${apiPath}: ${status}`));
          if (status < 200 || status >= 300) return resolve({ status, text });
          try {
            resolve({ status, data: text ? JSON.parse(text) : undefined });
          } catch {
            reject(new NotDrawn(`${apiPath}: not JSON`));
          }
        });
      },
    );
    call.on('error', reject);
    call.setTimeout(budgetMs, () => call.destroy(new NotDrawn(`${apiPath}: no answer in time`)));
  });
}

/** A page drawn for the visitor, or where their page sends them instead. */
export type RenderedPage = { html: string } | { redirect: string };

export interface PageRenderer {
  /** The page drawn for the signed-in visitor of `req`, or null (index.html then). */
  render(req: Request): Promise<RenderedPage | null>;
}

/**
 * The page renderer of a built web app, or null when the build has no server bundle. Past `budgetMs` the visitor
 * gets index.html (the browser then loads the page itself).
 */
export function pageRenderer(webDist: string, log: Logger, budgetMs: number): PageRenderer | null {
  const bundleFile = path.join(webDist, '.server', 'serverRender.js');
  if (!existsSync(bundleFile)) return null;
  let loading: Promise<{ bundle: ServerRenderBundle; indexHtml: string }> | null = null;
  const load = () =>
    (loading ??= (async () => {
      const bundle = (await import(pathToFileURL(bundleFile).href)) as ServerRenderBundle;
      await bundle.warmUp();
      return { bundle, indexHtml: await readFile(path.join(webDist, 'index.html'), 'utf8') };
    })());
  // One connection pool for the calls a page makes to this server.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  let bundleFailed = false;
  // Loaded at start, so the first visitor's page does not wait for the app's code.
  load().catch(() => undefined);

  return {
    async render(req) {
      if (!req.user || req.url.includes('?')) return null;
      let loaded: { bundle: ServerRenderBundle; indexHtml: string };
      try {
        loaded = await load();
      } catch (err) {
        // Said once: every page is drawn in the browser until the build is fixed and the server restarted.
        if (!bundleFailed)
          log.error('The web build’s server bundle did not load: pages are drawn in the browser', err);
        bundleFailed = true;
        return null;
      }
      const { bundle, indexHtml } = loaded;
      const fetchAnswers = async (paths: string[]) =>
        Object.fromEntries(
          await Promise.all(
            paths.map(async (p) => [p, await askAsVisitor(req, p, agent, budgetMs)] as const),
          ),
        );
      let timer: NodeJS.Timeout | undefined;
      try {
        if (!bundle.rendersOnServer(req.path)) return null;
        const page = await Promise.race([
          bundle.renderSignedInPage(req.path, fetchAnswers, { now: Date.now(), timeZone: timeZoneOf(req) }),
          new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), budgetMs))),
        ]);
        if (!page) return null;
        if ('redirect' in page) return { redirect: page.redirect };
        return { html: bundle.pageHtml(indexHtml, page, { serverRendered: page.data }) };
      } catch (err) {
        // Whatever went wrong, the visitor gets index.html: never an error page for a page the browser can draw.
        if (!(err instanceof NotDrawn)) log.warn(`Drawing ${req.path} on the server failed: ${String(err)}`);
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
