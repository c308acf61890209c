/**
 * Pages drawn in Node (issue 24): the public pages for a signed-out visitor at build time (`web/prerender.ts` writes
 * them into copies of index.html, which the server sends to signed-out visitors), and a signed-in visitor's page on
 * request (serverRender.tsx). The browser paints the HTML before any script arrives and React then hydrates it
 * (start.tsx).
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';
import { SERVER_DATA_ELEMENT_ID, type ServerPageData } from './lib/serverData';
import { preloadRoute } from './routePreload';

/** The prerendered pages: the paths a signed-out visitor lands on most (the landing page, the board, parcels). */
export const PRERENDERED_PATHS = ['/', '/freight', '/small-shipments'] as const;

export interface DrawnPage {
  /** The markup of #root. */
  html: string;
  /**
   * The page's style elements: Chakra's global styles (one element each, named as the browser's Emotion looks for
   * them, so it adopts them instead of adding them again), then every class the page uses.
   */
  styles: string;
}

const escapeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style');

function tree(path: string, cache: EmotionCache) {
  return (
    <StrictMode>
      <CacheProvider value={cache}>
        <App Router={({ children }) => <StaticRouter location={path}>{children}</StaticRouter>} />
      </CacheProvider>
    </StrictMode>
  );
}

/**
 * Loads every lazily loaded screen and part the page at `path` shows as the stores stand (the route's chunk, its own
 * parts), so that `drawPage` finds nothing left to load.
 */
export async function loadPartsOf(path: string, signedIn: boolean): Promise<void> {
  preloadRoute(path, signedIn);
  await prerenderToNodeStream(tree(path, createCache({ key: 'css' })));
}

/**
 * The page at `path` as the stores stand, with the styles it uses, in one synchronous render. Null when a part was
 * not loaded yet (`loadPartsOf` first): the HTML would leave that part for the browser to draw.
 */
export function drawPage(path: string): DrawnPage | null {
  const cache = createCache({ key: 'css' });
  // Compat mode: the styles are kept in `cache.inserted` (by name) instead of written inline beside each element.
  cache.compat = true;
  const unscoped = new Set<string>();
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (selector === '') unscoped.add(serialized.name); // a global style sheet or keyframes, not a class
    return insert(selector, serialized, sheet, shouldCache);
  };
  const html = renderToString(tree(path, cache));
  // A boundary the server could not finish (`<!--$!-->`) would make the browser draw that part again.
  if (html.includes('<!--$!-->') || html.includes('<template')) return null;

  const tags: string[] = [];
  const classes: string[] = [];
  let classCss = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (unscoped.has(name)) tags.push(`<style data-emotion="css ${name}">${escapeStyle(rules)}</style>`);
    else {
      classes.push(name);
      classCss += rules;
    }
  }
  if (classes.length > 0)
    tags.push(`<style data-emotion="css ${classes.join(' ')}">${escapeStyle(classCss)}</style>`);
  return { html, styles: tags.join('') };
}

const ROOT = /<div id="root">[\s\S]*?<\/div><\/div>/;

/**
 * index.html's early requests for the app's code (preloadAppCode in buildPlugins.ts). A page drawn in Node paints
 * without that code, and Lighthouse's simulation counts every request that ended before the largest paint as one
 * the paint waited for: here the code is asked for once the page has painted (main.tsx).
 */
const APP_CODE_PRELOADS = /<link rel="modulepreload"[^>]*>\s*/g;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON that cannot end its `<script>` element or open a comment in it. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * index.html with a drawn page: its styles in the head, its markup in #root, marked with its path
 * (`data-prerendered` for a public page drawn at build time, `data-server-rendered` for a signed-in visitor's, with
 * the answers it was drawn from) and `inert` until React has taken it over (AppRoutes), without the app code's
 * preloads.
 */
export function pageHtml(
  indexHtml: string,
  page: DrawnPage,
  drawn: { prerendered: string } | { serverRendered: ServerPageData },
): string {
  if (!ROOT.test(indexHtml)) throw new Error('index.html has no #root with its loading state');
  const root =
    'prerendered' in drawn
      ? `<div id="root" data-prerendered="${drawn.prerendered}" inert>${page.html}</div>`
      : `<div id="root" data-server-rendered="${escapeAttribute(drawn.serverRendered.path)}" inert>${page.html}</div>` +
        `<script type="application/json" id="${SERVER_DATA_ELEMENT_ID}">${scriptJson(drawn.serverRendered)}</script>`;
  return indexHtml
    .replace(APP_CODE_PRELOADS, '')
    .replace('</head>', () => `${page.styles}</head>`)
    .replace(ROOT, () => root);
}

/** A public page for a signed-out visitor, at build time. */
export async function prerenderPage(path: string): Promise<DrawnPage> {
  // First pass: waits for every lazily loaded screen and part the page shows. Second: nothing suspends, so the HTML
  // is complete and needs no inline script to finish a Suspense boundary (the CSP allows none).
  await loadPartsOf(path, false);
  const page = drawPage(path);
  if (!page) throw new Error(`${path}: a part did not render`);
  return page;
}
