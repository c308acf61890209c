/**
 * After `vite build`: renders the public pages for a signed-out visitor into `dist/prerendered/` (issue 24). Builds
 * src/prerender.tsx for Node into a scratch folder, renders each page, and writes a copy of the built index.html
 * with the page's markup in #root (marked `data-prerendered` with its path, and `inert` until React has
 * taken it over: see AppRoutes) and its styles in the head. The server
 * sends these to signed-out visitors (server/src/http/webAssets.ts); anyone else gets index.html.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(webDir, 'dist');
const scratch = path.join(webDir, 'node_modules', '.prerender');

/** The file of a prerendered path: `/` → index.html, `/freight` → freight.html. */
export const prerenderedFile = (pagePath: string) =>
  (pagePath === '/' ? 'index' : pagePath.slice(1)) + '.html';

const ROOT = /<div id="root">[\s\S]*?<\/div><\/div>/;

/**
 * index.html's early requests for the app's code (preloadAppCode in buildPlugins.ts). A prerendered page paints
 * without that code, and Lighthouse's simulation counts every request that ended before the largest paint as one
 * the paint waited for: here the code is asked for once the page has painted (main.tsx).
 */
const APP_CODE_PRELOADS = /<link rel="modulepreload"[^>]*>\s*/g;

async function main() {
  await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: scratch, emptyOutDir: true },
  });
  const entry = pathToFileURL(path.join(scratch, 'prerender.js')).href;
  const { PRERENDERED_PATHS, prerenderPage } = (await import(entry)) as typeof import('./src/prerender');
  const indexHtml = await readFile(path.join(dist, 'index.html'), 'utf8');
  if (!ROOT.test(indexHtml)) throw new Error('index.html has no #root with its loading state');
  await mkdir(path.join(dist, 'prerendered'), { recursive: true });
  for (const pagePath of PRERENDERED_PATHS) {
    const page = await prerenderPage(pagePath);
    const html = indexHtml
      .replace(APP_CODE_PRELOADS, '')
      .replace('</head>', () => `${page.styles}</head>`)
      .replace(ROOT, () => `<div id="root" data-prerendered="${pagePath}" inert>${page.html}</div>`);
    await writeFile(path.join(dist, 'prerendered', prerenderedFile(pagePath)), html);
    console.log(`prerendered ${pagePath}: ${(Buffer.byteLength(html) / 1024).toFixed(1)} kB`);
  }
  await rm(scratch, { recursive: true, force: true });
}

await main();
// The rendered app's modules (stores, timers) would keep Node running.
process.exit(0);
