// Size budget (issue 24): the JavaScript and CSS the landing page and the board load before their first paint, gzipped,
// from the built web/dist (`npm test` builds it first). Bytes, not time: the same build gives the same figures.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = path.resolve(import.meta.dirname, '../dist');

/**
 * Gzipped KiB each page may load before its first paint: set from what the split build reaches (landing about 262,
 * board about 267 when set), with a little room. Raise one only with a reason in the commit (a new dependency every
 * page needs); a screen's own code belongs in its route chunk. Raised by 2 and 4 when the app's code became a chunk
 * the entry imports after the first paint (prerendered pages, issue 24): the same code in more, smaller files
 * (landing 274, board 291), which gzip a little less well each on its own. Raised by 2 each when one copy of
 * each entity came to the web (issue 26: the entity store and its selectors, which every store now uses; landing
 * 276.4, board 294.1). Board raised by 2 when the header came to show the member's company and role, and the
 * account's actions replaced type checks (issues 28 and 26: board 296.3). Lowered to 267 and 285 when the Chakra
 * system came to carry only the recipes the app uses and three schema-free helpers left their shared modules'
 * schemas (issue 24: landing 264.5, board 282.2); posted trucks' stores joined the socket routes that every page
 * loads (issue 29: about 1 KiB more). Raised by 2 each when the start-up came to ask for the session from the entry,
 * hash Emotion's styles through a memo, make its Intl formatters once and apply the session and the board's pages in
 * transitions (issue 24: landing 267.0, board 285.1; each of these saves far more time on a phone than its bytes cost).
 * Raised by 6 each when Chakra's global styles (the reset and every token's CSS variable) came to ship in the style
 * sheet, rendered at build time, instead of being computed, serialized and inserted by the browser on every start
 * (issue 24: CSS 0.5 → 6.5 KiB; landing 273.5, board 291.6).
 */
const BUDGET_KIB = {
  landing: 275,
  board: 293,
};

/** The static imports (`import … from "./x.js"`, `import "./x.js"`, `export … from`) of a built chunk. */
export function staticImportsOf(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    found.add(m[1].slice(2));
  }
  return [...found];
}

/** What index.html loads before the first paint: its entry script, module preloads and style sheets. */
export function shellFilesOf(html: string): string[] {
  const files = new Set<string>();
  for (const m of html.matchAll(/<(script|link)\b([^>]*)>/g)) {
    const attrs = m[2];
    const url = /\b(?:src|href)="\/assets\/([^"]+)"/.exec(attrs)?.[1];
    if (!url) continue;
    if (m[1] === 'script' || /rel="(modulepreload|stylesheet)"/.test(attrs)) files.add(url);
  }
  return [...files];
}

function loadedBeforePaint(routeChunkPrefix: string): { files: string[]; js: number; css: number } {
  const assets = readdirSync(path.join(DIST, 'assets'));
  const route = assets.filter((f) => f.startsWith(`${routeChunkPrefix}-`) && /\.(js|css)$/.test(f));
  if (!route.some((f) => f.endsWith('.js')))
    throw new Error(`no route chunk ${routeChunkPrefix}-*.js in web/dist`);
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (file.endsWith('.js')) {
      for (const dep of staticImportsOf(readFileSync(path.join(DIST, 'assets', file), 'utf8'))) visit(dep);
    }
  };
  for (const file of [...shellFilesOf(html), ...route]) visit(file);
  let js = 0;
  let css = 0;
  for (const file of files) {
    const gz = gzipSync(readFileSync(path.join(DIST, 'assets', file)), { level: 9 }).length;
    if (file.endsWith('.css')) css += gz;
    else js += gz;
  }
  return { files: [...files].sort(), js, css };
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

describe('size budget of the first paint (gzipped JS + CSS)', () => {
  it('finds the static imports of a built chunk', () => {
    expect(
      staticImportsOf(
        'import{a as b}from"./x-1.js";import"./y-2.js";export{c}from"./z-3.js";import("./lazy-4.js")',
      ),
    ).toEqual(['x-1.js', 'y-2.js', 'z-3.js']);
    expect(
      shellFilesOf(
        '<script type="module" src="/assets/a.js"></script><link rel="modulepreload" href="/assets/b.js"><link rel="stylesheet" href="/assets/c.css"><link rel="preload" as="font" href="/assets/f.woff2"><link rel="icon" href="/favicon.svg">',
      ),
    ).toEqual(['a.js', 'b.js', 'c.css']);
  });

  for (const [page, chunk] of [
    ['landing', 'LandingPage'],
    ['board', 'FreightBoardPage'],
  ] as const) {
    it(`${page}: under ${BUDGET_KIB[page]} KiB`, () => {
      if (!existsSync(path.join(DIST, 'index.html')))
        throw new Error('web/dist is missing: run `npm run build`');
      const { files, js, css } = loadedBeforePaint(chunk);
      const total = kib(js + css);
      console.info(`${page}: ${kib(js)} KiB JS + ${kib(css)} KiB CSS gzipped in ${files.length} files`);
      // The split is in place: the map (Leaflet, the state outlines) is not part of the first paint.
      expect(files.filter((f) => /^(LiveMap|states-10m)-/.test(f))).toEqual([]);
      expect(
        total,
        `${page} loads ${total} KiB gzipped before its first paint: ${files.join(', ')}`,
      ).toBeLessThan(BUDGET_KIB[page]);
    });
  }
});
