import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import { SERVER_RENDERED_HEADER } from '@freight/shared';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { RenderedPage } from './pageRender';

/** Hashed build output (Vite names every file under /assets/ by its content): never changes, cached for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the service worker: the browser asks every time (an unchanged file answers 304). */
export const REVALIDATE = 'no-cache';
/** Other files of web/public (icons, manifest): not hashed, so kept an hour. */
const PUBLIC_FILES = 'public, max-age=3600';

/** API answers and other dynamic text of at least this size go out compressed (smaller ones gain nothing). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * gzip or brotli for the API's JSON (and any other compressible dynamic answer), chosen by the request's
 * Accept-Encoding, with `Vary: Accept-Encoding`. An answer that already carries a Content-Encoding (the precompressed
 * assets below) is left as it is, and a proxy in front that compresses sees an encoded answer and passes it on, so
 * nothing is encoded twice.
 */
export function compressResponses(): RequestHandler {
  return compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Level 6 gzip / quality 4 brotli: a fraction of a millisecond for a board page, most of the size gain.
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

interface Variants {
  br: boolean;
  gzip: boolean;
}

/** Every file of the build that has precompressed siblings (`x.js.br`, `x.js.gz`, written by the Vite build). */
function scanVariants(dir: string, base = dir, out = new Map<string, Variants>()): Map<string, Variants> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) scanVariants(full, base, out);
    else if (!/\.(br|gz)$/.test(entry.name)) {
      const br = existsSync(`${full}.br`);
      const gzip = existsSync(`${full}.gz`);
      if (br || gzip) out.set('/' + path.relative(base, full).split(path.sep).join('/'), { br, gzip });
    }
  }
  return out;
}

/** The encoding to send: brotli, then gzip, when the client accepts it (q=0 refuses) and the build made it. */
export function pickEncoding(acceptEncoding: string | undefined, has: Variants): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name, q ? Number(q[1]) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (has.br && ok('br')) return 'br';
  if (has.gzip && ok('gzip')) return 'gzip';
  return null;
}

const cacheControlFor = (urlPath: string) =>
  urlPath.startsWith('/assets/')
    ? IMMUTABLE
    : urlPath === '/sw.js' || urlPath.endsWith('.html')
      ? REVALIDATE
      : PUBLIC_FILES;

/**
 * Serves the built web app's files: a precompressed variant when the client accepts one, with `Vary:
 * Accept-Encoding` on every file that has variants; hashed assets immutable for a year, the service worker
 * revalidated, the rest an hour. index.html is not served here (the page route sends it, see `sendIndexHtml`).
 */
export function serveWebAssets(webDist: string): RequestHandler {
  const variants = scanVariants(webDist);
  const plain = express.static(webDist, {
    index: false,
    cacheControl: false,
    setHeaders: (res, file) =>
      res.setHeader(
        'Cache-Control',
        cacheControlFor('/' + path.relative(webDist, file).split(path.sep).join('/')),
      ),
  });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/index.html') return next(); // the page route: revalidated, with the signed-in marker
    const has = variants.get(req.path);
    if (!has) return plain(req, res, next);
    res.vary('Accept-Encoding');
    const encoding = pickEncoding(req.headers['accept-encoding'], has);
    if (!encoding) return plain(req, res, next);
    const ext = path.extname(req.path);
    res.sendFile(
      path.join(webDist, `${req.path}.${encoding === 'br' ? 'br' : 'gz'}`),
      {
        dotfiles: 'deny',
        cacheControl: false,
        headers: {
          'Content-Encoding': encoding,
          'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
          'Cache-Control': cacheControlFor(req.path),
        },
      },
      (err) => {
        if (err && !res.headersSent) next(err);
      },
    );
  };
}

/**
 * The public pages the web build prerendered for a signed-out visitor (`web/prerender.ts`, issue 24), by path:
 * `dist/prerendered/index.html` is `/`, `freight.html` is `/freight`. Read once, at start.
 */
export function prerenderedPages(webDist: string): Map<string, string> {
  const dir = path.join(webDist, 'prerendered');
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.html')) continue;
    const page = name === 'index.html' ? '/' : '/' + name.slice(0, -'.html'.length);
    pages.set(page, path.join(dir, name));
  }
  return pages;
}

/**
 * The page's HTML: its prerendered copy for a signed-out visitor on the exact path (no query string, which the
 * screen may read: that one renders in the browser), index.html otherwise. Either is revalidated on every visit
 * (their ETags differ, so signing in or out never shows the other from cache), and varies with the cookie.
 */
export function sendPage(
  webDist: string,
  prerendered: Map<string, string>,
  req: Request,
  res: Response,
  status = 200,
): void {
  const file = !req.user && status === 200 && !req.url.includes('?') ? prerendered.get(req.path) : undefined;
  res.vary('Cookie');
  if (!file) return sendIndexHtml(webDist, res, status);
  res.status(status).sendFile(
    file,
    {
      cacheControl: false,
      // The service worker keeps index.html for offline use, not a prerendered page (sw.js).
      headers: { 'Cache-Control': REVALIDATE, 'X-Prerendered': '1' },
    },
    (err) => {
      // A visitor who left (aborted) needs nothing; a prerendered file gone since start falls back to the app.
      if (!err || res.headersSent || (err as NodeJS.ErrnoException).code === 'ECONNABORTED') return;
      res.removeHeader('X-Prerendered');
      sendIndexHtml(webDist, res, status);
    },
  );
}

/** index.html, revalidated on every visit (a new build shows at once; an unchanged page answers 304). */
export function sendIndexHtml(webDist: string, res: Response, status = 200): void {
  res.status(status).sendFile(path.join(webDist, 'index.html'), {
    cacheControl: false,
    headers: { 'Cache-Control': REVALIDATE },
  });
}

/**
 * A page drawn on the server for the signed-in visitor (http/pageRender.ts, issue 24), or the redirect it amounts to:
 * theirs alone (private, asked again every time), never the service worker's offline shell (`X-Server-Rendered`).
 */
export function sendServerRendered(res: Response, page: RenderedPage): void {
  res.vary('Cookie');
  res.set({ 'Cache-Control': 'private, no-cache', [SERVER_RENDERED_HEADER]: '1' });
  if ('redirect' in page) res.redirect(302, page.redirect);
  else res.type('html').send(page.html);
}
