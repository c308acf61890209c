/**
 * After `vite build` (issue 24): builds src/serverRender.tsx for Node into `dist/.server/` (the server draws
 * signed-in visitors' pages with it: server/src/http/pageRender.ts; a dot folder, never served as a file), then
 * renders the public pages for a signed-out visitor into `dist/prerendered/`: copies of the built index.html with
 * the page's markup in #root (marked `data-prerendered` with its path, and `inert` until React has taken it over: see
 * AppRoutes) and its styles in the head. The server sends these to signed-out visitors
 * (server/src/http/webAssets.ts); anyone else gets index.html or a page drawn for them.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(webDir, 'dist');
/** The server's bundle of the app (src/serverRender.tsx built for Node). */
export const SERVER_BUNDLE_DIR = '.server';
const serverBundle = path.join(dist, SERVER_BUNDLE_DIR);

/** The file of a prerendered path: `/` → index.html, `/freight` → freight.html. */
export const prerenderedFile = (pagePath: string) =>
  (pagePath === '/' ? 'index' : pagePath.slice(1)) + '.html';

async function main() {
  await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/serverRender.tsx', outDir: serverBundle, emptyOutDir: true, copyPublicDir: false },
  });
  const entry = pathToFileURL(path.join(serverBundle, 'serverRender.js')).href;
  const { PRERENDERED_PATHS, prerenderPage, pageHtml } = (await import(
    entry
  )) as typeof import('./src/serverRender');
  const indexHtml = await readFile(path.join(dist, 'index.html'), 'utf8');
  await mkdir(path.join(dist, 'prerendered'), { recursive: true });
  for (const pagePath of PRERENDERED_PATHS) {
    const page = await prerenderPage(pagePath);
    const html = pageHtml(indexHtml, page, { prerendered: pagePath });
    await writeFile(path.join(dist, 'prerendered', prerenderedFile(pagePath)), html);
    console.log(`prerendered ${pagePath}: ${(Buffer.byteLength(html) / 1024).toFixed(1)} kB`);
  }
}

await main();
// The rendered app's modules (stores, timers) would keep Node running.
process.exit(0);
