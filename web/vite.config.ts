import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server the dev server forwards to (DESIGN §4: PORT defaults to 5000). */
const API_TARGET = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

export default defineConfig({
  plugins: [react()],
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
    // The UI vendor chunk (Chakra and its parts, ~510 kB, cached across releases) is expected: warn above 600 kB.
    chunkSizeWarningLimit: 600,
    // Vendors in their own chunks: they change less often than the app, so browsers keep them cached.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
            {
              name: 'vendor-ui',
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss|@floating-ui)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
