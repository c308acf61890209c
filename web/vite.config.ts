import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import {
  chakraGlobalStyles,
  lazyChakraGlobalStyles,
  memoizeStyleHash,
  precompress,
  preloadAppCode,
  preloadFont,
  serviceWorkerManifest,
} from './buildPlugins.ts';

/** The API server the dev server forwards to (DESIGN §4: PORT defaults to 5000). */
const API_TARGET = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

export default defineConfig(({ isSsrBuild }) => ({
  // The service worker's list is filled in before the files are compressed (both run when the bundle is closed).
  // The build of the prerender (web/prerender.ts, for Node) needs React only.
  plugins: isSsrBuild
    ? [react(), memoizeStyleHash()]
    : [
        react(),
        memoizeStyleHash(),
        lazyChakraGlobalStyles(),
        chakraGlobalStyles(),
        preloadFont(),
        preloadAppCode(),
        serviceWorkerManifest(),
        precompress(),
      ],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    minify: process.env.WEB_MINIFY !== '0',
    // No preload helper around dynamic imports: it inserted a <link rel="modulepreload"> for every dependency of the
    // app's code and of the first screen's chunk, in two tasks of 15-36 ms on this machine (60-145 ms on Lighthouse's
    // phone), which was most of the blocking time of the pages drawn in advance (issue 24). The browser finds a
    // chunk's imports as it parses it; index.html lists the app's code itself (preloadAppCode), and a screen opened
    // later has usually been fetched by then (the next likely screens, the service worker's precache).
    modulePreload: false,
    // The largest chunk (Chakra's UI, ~510 kB, cached across releases) is expected: warn above 600 kB.
    chunkSizeWarningLimit: 600,
    // React and Chakra, which every screen needs, in their own chunks: they change less often than the app, so
    // browsers keep them cached. Every other package goes with the screens that import it (Leaflet and the map's
    // outlines with the tracking map, zod with the forms), so a page loads only what it shows (issue 24).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'vendor-react',
                  test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
                },
              ],
            },
          },
        },
  },
}));
