import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run longest, slowest first (at their CI size), API files then journeys. They start ahead of the
 * other files of their project even when the run has no timings of its own (a fresh clone, as in CI), where vitest
 * would order by file size: starting a long file last would leave one worker running it alone at the end.
 */
const LONGEST_FILES = [
  'bench/scenarios.smoke.test.ts',
  'server/src/features/freight/loadCrash.test.ts',
  'server/src/features/freight/book/book.test.ts',
  'server/src/http/fuzz.security.test.ts',
  'server/src/features/freight/loadRaces.twoNode.test.ts',
  'server/src/features/freight/booking.test.ts',
  'server/src/features/smallShipments/smallShipments.test.ts',
  'server/src/features/shipmentWorkspace/shipmentWorkspace.test.ts',
  'server/src/features/documents/documents.races.test.ts',
  'server/src/features/tracking/tracking.socket.test.ts',
  'server/src/features/companies/team.test.ts',
  'server/src/features/smallShipments/smallShipments.races.test.ts',
  'server/src/features/freight/negotiations.test.ts',
  'server/src/features/freight/posterLoads/posterLoads.test.ts',
  'server/src/features/freight/loadRaces.test.ts',
  'server/src/features/documents/documents.test.ts',
  // Journeys: their order matters when two run at once (E2E_WORKERS=2).
  'e2e/screenSweep.test.ts',
  'e2e/companyJourneys.test.ts',
  'e2e/accessibility.test.ts',
  'e2e/layout.test.ts',
  'e2e/fleetJourney.test.ts',
  'e2e/prerender.test.ts',
  'e2e/freightDefects.test.ts',
  'e2e/rolesPlacesSignIn.test.ts',
  'e2e/rolesSavedSearch.test.ts',
  'e2e/accountSecurity.test.ts',
  'e2e/truckPosts.test.ts',
];

/** Vitest's own order (project groups, then the last run's timings or file size), the longest files moved first. */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification) => {
      const i = LONGEST_FILES.indexOf(path.relative(root, spec.moduleId).split(path.sep).join('/'));
      return i === -1 ? LONGEST_FILES.length : i;
    };
    // Reorder within each run of one project only: the projects' order (groupOrder) stays as vitest made it.
    const out: TestSpecification[] = [];
    for (let start = 0; start < sorted.length;) {
      let end = start;
      while (end < sorted.length && sorted[end]!.project.name === sorted[start]!.project.name) end++;
      const segment = sorted.slice(start, end);
      const order = new Map(segment.map((spec, i) => [spec, i]));
      out.push(...segment.sort((a, b) => rank(a) - rank(b) || order.get(a)! - order.get(b)!));
      start = end;
    }
    return out;
  }
}

// One runner for every kind of test. API, socket and worker tests run against the real MongoDB (or FerretDB)
// and Redis that test/globalSetup.ts starts (or finds through MONGODB_URI / REDIS_URL); each test file gets its
// own database name and Redis key prefix. E2E tests drive Debian's Chromium against the built web app.
export default defineConfig({
  resolve: { alias: { '@test': fileURLToPath(new URL('./test', import.meta.url)) } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a condition (React taking a page over, a value arriving) as long as a journey's other
    // waits do: vitest's default of one second failed on a busy CI machine where the condition came a little later.
    expect: { poll: { timeout: 30_000 } },
    pool: 'forks',
    // VITEST_CPU_PROF=<folder>: each test worker writes a V8 CPU profile there (open it in Chrome's DevTools).
    ...(process.env.VITEST_CPU_PROF && {
      execArgv: ['--cpu-prof', `--cpu-prof-dir=${process.env.VITEST_CPU_PROF}`],
    }),
    // The default report, then the 15 slowest files and the suite's wall time (test/slowestFilesReporter.ts).
    reporters: ['default', './test/slowestFilesReporter.ts'],
    maxWorkers: 2,
    // The longest journeys start first (LongestFirstSequencer above), also on a fresh clone with no timings of its own.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          globalSetup: ['./test/globalSetup.ts'],
          // A worker runs its files one after another in one process: the server's modules (mongoose, BullMQ,
          // Socket.IO, Express…) load once per worker instead of once per file, about half of the run's time
          // before. Each file still starts its own app on its own database and Redis prefix, and closes it.
          isolate: false,
          include: [
            'server/src/**/*.test.ts',
            'workers/src/**/*.test.ts',
            'shared/src/**/*.test.ts',
            'dev-services/src/**/*.test.ts',
            // Every bench scenario at its tiny size (the bench cannot rot unseen).
            'bench/**/*.test.ts',
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
          // A journey is minutes of a browser's work; a busy machine doubles it. A hang still fails.
          testTimeout: 120_000,
          // Journeys run one at a time: two at once kept the load average at 10–14 on two cores (Chromium rendering
          // the app for several pages each), and live updates then missed the journeys' 30 s waits in one CI run of
          // two. `npm test` runs them beside the other projects, which it puts in the idle scheduling class
          // (scripts/test.ts); a plain `vitest run` runs them after. They share one process, as the API tests do:
          // the server's and the web's modules load once (15–30 s a file before), and one Chromium serves every file
          // (e2e/browser.ts); each file still starts its own app on its own database.
          isolate: false,
          maxWorkers: Number(process.env.E2E_WORKERS ?? 1),
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
