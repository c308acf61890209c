// `npm test` after the web build: the journeys (Chromium) and the other projects as two vitest processes side by side,
// each with its own MongoDB and Redis (test/globalSetup.ts). The journeys run one at a time and leave about a third
// of the two cores idle (a page's one renderer thread, round trips); the API files fill it. They run at a lower
// priority (`nice`, inherited by their database and Redis), so the journeys see the machine as if alone and the API
// files take what the journeys leave: side by side at equal priority, the journeys' live updates missed their waits
// under the load. Arguments (`npm test -- e2e/team.test.ts`), or TEST_ONE_PROCESS=1, run one vitest with them.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { printSlowestFiles, type SlowestFilesReport } from '../test/slowestFilesReporter';

const VITEST = ['node_modules/vitest/vitest.mjs', 'run'];
/** The API files' priority beside the journeys (0 is the default, 19 the lowest). */
const API_NICENESS = 10;

interface Run {
  name: string;
  args: string[];
  niceness: number;
}

const args = process.argv.slice(2);
const runs: Run[] =
  args.length > 0 || process.env.TEST_ONE_PROCESS === '1'
    ? [{ name: '', args, niceness: 0 }]
    : [
        { name: 'journeys', args: ['--project', 'e2e'], niceness: 0 },
        {
          name: 'api',
          args: ['--project', 'api', '--project', 'structure', '--project', 'web'],
          niceness: API_NICENESS,
        },
      ];
const reports = mkdtempSync(path.join(os.tmpdir(), 'freight-test-report-'));
const reportOf = (run: Run) => path.join(reports, `${run.name || 'all'}.json`);

/** Runs one vitest; with two at once, each line goes out whole, named by its run. */
function runVitest(run: Run): Promise<number> {
  const shared = runs.length > 1;
  const child = spawn(process.execPath, [...VITEST, ...run.args], {
    stdio: shared ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, SLOWEST_FILES_REPORT: reportOf(run) },
  });
  // Before vitest has loaded (long before it starts a worker or a database), so everything it starts inherits it.
  if (run.niceness && child.pid) os.setPriority(child.pid, run.niceness);
  if (shared) {
    for (const [stream, out] of [
      [child.stdout!, process.stdout],
      [child.stderr!, process.stderr],
    ] as const) {
      createInterface({ input: stream }).on('line', (line) => out.write(`[${run.name}] ${line}\n`));
    }
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      if (shared) console.log(`[${run.name}] ${signal ? `ended by ${signal}` : `exit code ${code}`}`);
      resolve(code ?? 1);
    }),
  );
}

const startedAt = Date.now();
const codes = await Promise.all(runs.map(runVitest));
const parts: SlowestFilesReport[] = [];
for (const run of runs) {
  try {
    parts.push(JSON.parse(readFileSync(reportOf(run), 'utf8')) as SlowestFilesReport);
  } catch {
    console.log(`(${run.name || 'vitest'} wrote no report of its files: it ended before its run did)`);
  }
}
rmSync(reports, { recursive: true, force: true });
printSlowestFiles(
  parts.flatMap((p) => p.files),
  Date.now() - startedAt,
  runs.length > 1 ? parts.map((p) => `${p.label} ${(p.wallMs / 1000).toFixed(1)} s`) : [],
);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
