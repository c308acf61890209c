// Build steps of the web app for phones on a weak signal (issue 24): precompressed assets, the font preload and the
// service worker's precache list. Plain Node (zlib, fs): nothing is downloaded at build time.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/**
 * Writes `x.br` (brotli, quality 11) and `x.gz` (gzip, level 9) beside every compressible file of the build, so the
 * server sends them by the request's Accept-Encoding without compressing on each request. index.html is left out:
 * the page route sends it (revalidated on every visit) and compresses it like any dynamic answer.
 */
/** Writes the brotli and gzip copies of one built file beside it. */
function writeCompressed(file: string, body: Buffer): void {
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'freight:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of filesUnder(outDir)) {
          // sw.js is compressed by serviceWorkerManifest once its list is filled in: closeBundle hooks may run
          // side by side, so this one could read it before.
          if (path.basename(file) === 'sw.js') continue;
          if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
          writeCompressed(file, readFileSync(file));
        }
      },
    },
  };
}

/** The font file every page needs first (Inter's latin subset, imported in src/font.css). */
const PRELOADED_FONT = /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Adds `<link rel="preload">` for the latin Inter font to index.html, so the browser fetches it with the scripts
 * instead of after the CSS has been parsed and the first text laid out.
 */
export function preloadFont(): Plugin {
  return {
    name: 'freight:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((name) => PRELOADED_FONT.test(name));
        if (!font) throw new Error('the latin Inter font is not in the bundle (src/font.css)');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * index.html names the app's code (src/start.tsx's chunk and what it imports) as low-priority module preloads: the
 * downloads start with the page, but below the style sheet and the font, and they never hold the first paint (the
 * entry imports them after the page has painted, see src/main.tsx). Lighthouse counts a high-priority script that
 * arrives before the first paint as blocking it (issue 24).
 */
export function preloadAppCode(): Plugin {
  return {
    name: 'freight:preload-app-code',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const start = chunks.find((c) => c.facadeModuleId?.endsWith('/src/start.tsx'));
        if (!start) throw new Error('src/start.tsx has no chunk of its own');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const dep of byName.get(fileName)?.imports ?? []) visit(dep);
        };
        visit(start.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', href: `/${file}`, fetchpriority: 'low', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** What index.html loads before the first paint: its scripts, module preloads, styles and preloaded font. */
export function shellAssetsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+)"/g)) urls.add(m[1]);
  return [...urls];
}

/**
 * Fills the service worker's precache list and version (`self.__PRECACHE__` and `self.__BUILD__` in public/sw.js)
 * from the built index.html: the shell a second visit paints from, and every other script and style sheet of the build
 * (as a precaching service worker does), so any screen opens offline. A new build changes the version, so the browser
 * installs the new worker, which caches the new shell and drops the old one.
 */
export function serviceWorkerManifest(): Plugin {
  let outDir = 'dist';
  return {
    name: 'freight:sw-manifest',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // It writes sw.js's compressed copies itself, after filling in the list (precompress leaves sw.js alone).
      order: 'post',
      handler() {
        const swFile = path.join(outDir, 'sw.js');
        const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        // The shell first, then every screen's code and styles: the installed app opens any screen offline (issue 24),
        // and the worker fetches them once, after the page has loaded, from the compressed copies.
        const screens = readdirSync(path.join(outDir, 'assets'))
          .filter((f) => /\.(js|css)$/.test(f))
          .map((f) => `/assets/${f}`);
        const assets = [...new Set([...shellAssetsOf(html), ...screens])];
        const version = createHash('sha256').update(html).digest('hex').slice(0, 12);
        const sw = readFileSync(swFile, 'utf8');
        const filled = sw
          .replace('= self.__PRECACHE__', `= ${JSON.stringify(assets)}`)
          .replace('= self.__BUILD__', `= ${JSON.stringify(version)}`);
        if (filled.includes('= self.__'))
          throw new Error('public/sw.js has no self.__PRECACHE__ / self.__BUILD__ to fill');
        writeFileSync(swFile, filled);
        writeCompressed(swFile, Buffer.from(filled));
      },
    },
  };
}

const STYLE_HASH = '@emotion/hash';
const MEMOIZED_STYLE_HASH = fileURLToPath(new URL('./src/lib/memoizedStyleHash.ts', import.meta.url));

/**
 * Emotion's class-name hash, memoized (src/lib/memoizedStyleHash.ts): every importer of `@emotion/hash` but the
 * memo itself gets the memo, which imports the real one. The class names do not change (the prerendered pages keep
 * theirs).
 */
export function memoizeStyleHash(): Plugin {
  return {
    name: 'freight:memoize-style-hash',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== STYLE_HASH || importer === MEMOIZED_STYLE_HASH) return null;
      return MEMOIZED_STYLE_HASH;
    },
  };
}

const CHAKRA_SYSTEM = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER_GLOBAL = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const RETURNED_GLOBAL = /\n(\s*)_global,\n/;

/**
 * Chakra's createSystem computes its global styles (the reset, the global CSS and a CSS variable for every token) as
 * it builds the system: about a third of createSystem, on the phone's critical path. The app never reads them at run
 * time (the build writes them into the style sheet: `chakraGlobalStyles`), so the browser build makes `_global` a
 * getter. The build fails if the installed Chakra no longer has the lines this changes (look again at this step then).
 */
export function lazyChakraGlobalStyles(): Plugin {
  return {
    name: 'freight:lazy-chakra-global-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!CHAKRA_SYSTEM.test(id.split('?')[0])) return null;
      if (!code.includes(EAGER_GLOBAL) || !RETURNED_GLOBAL.test(code))
        this.error(`${id}: createSystem no longer builds _global as this step expects`);
      return code
        .replace(EAGER_GLOBAL, '')
        .replace(
          RETURNED_GLOBAL,
          (_m, indent: string) =>
            `\n${indent}get _global() {\n${indent}  return [getPreflightCss(), getGlobalCss(), getTokenCss()];\n${indent}},\n`,
        );
    },
  };
}

const GLOBAL_STYLES_ID = 'virtual:chakra-global.css';
const RESOLVED_GLOBAL_STYLES_ID = '\0' + GLOBAL_STYLES_ID;

/**
 * `import 'virtual:chakra-global.css'`: Chakra's global styles for the app's system (the cascade layers' order, the
 * reset, the global CSS and every token's CSS variable), rendered by Emotion in Node at build time, so they ship in the
 * app's style sheet (cached, compressed, read by the browser with the page) instead of being serialized and inserted
 * by Emotion on every start: about 60 ms of one task on a phone's first screen (issue 24). The provider gets the
 * system without them (`providedSystem` in src/theme.ts).
 */
export function chakraGlobalStyles(): Plugin {
  return {
    name: 'freight:chakra-global-styles',
    resolveId: (source) => (source === GLOBAL_STYLES_ID ? RESOLVED_GLOBAL_STYLES_ID : null),
    async load(id) {
      if (id !== RESOLVED_GLOBAL_STYLES_ID) return null;
      const { renderGlobalStyles } = await import('./src/globalStyles.ts');
      return renderGlobalStyles();
    },
  };
}
