import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// One runner for every kind of test. API, socket and worker tests run against the real MongoDB (or FerretDB)
// and Redis that test/globalSetup.ts starts (or finds through MONGODB_URI / REDIS_URL); each test file gets its
// own database name and Redis key prefix. E2E tests drive Debian's Chromium against the built web app.
export default defineConfig({
  resolve: { alias: { '@test': fileURLToPath(new URL('./test', import.meta.url)) } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          globalSetup: ['./test/globalSetup.ts'],
          include: [
            'server/src/**/*.test.ts',
            'workers/src/**/*.test.ts',
            'shared/src/**/*.test.ts',
            'dev-services/src/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, 'server/src/importCycles.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          globalSetup: ['./test/globalSetup.ts'],
          include: ['e2e/**/*.test.ts'],
          // Journeys run after the API tests, two at a time: each waits on sockets and timers much of its run, so two
          // share the machine's two cores well, and none competes with the API files' database load.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      // The import-cycle check reads source files only: no services.
      { extends: true, test: { name: 'structure', include: ['server/src/importCycles.test.ts'] } },
      // Unit tests of the web app's logic: plain node, no databases (only the projects above start them).
      {
        test: { name: 'web', include: ['web/src/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
