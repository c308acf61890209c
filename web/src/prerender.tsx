/**
 * Build-time rendering of the public pages for a signed-out visitor (issue 24): `web/prerender.ts` builds this module
 * for Node and writes each page's HTML and the CSS it uses into a copy of index.html, which the server sends to
 * signed-out visitors; the browser paints it before any script arrives and React then hydrates it (start.tsx).
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';
import { preloadRoute } from './routePreload';

/** The prerendered pages: the paths a signed-out visitor lands on most (the landing page, the board, parcels). */
export const PRERENDERED_PATHS = ['/', '/freight', '/small-shipments'] as const;

export interface PrerenderedPage {
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

export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  // First pass: waits for every lazily loaded screen and part the page shows (the route's chunk, its own parts).
  preloadRoute(path, false);
  await prerenderToNodeStream(tree(path, createCache({ key: 'css' })));

  // Second pass, with all of them loaded: nothing suspends, so the HTML is complete and needs no inline script to
  // finish a Suspense boundary (the CSP allows none).
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
  if (html.includes('<!--$!-->') || html.includes('<template'))
    throw new Error(`${path}: a part did not render`);

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
