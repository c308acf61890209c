// `npm test` after the web build: the journeys (Chromium) and the other projects as two vitest processes side by side,
// each with its own MongoDB and Redis (test/globalSetup.ts). Journeys run one at a time and, alone, leave about a
// third of the two cores idle (a page's one renderer thread, round trips to the app); the API files fill it. Both run
// at the same priority: with the API files at `nice` 10 the journeys were no faster (the two share the cores' caches
// and memory, not only their time) and the API files ran on after them. Arguments (`npm test -- e2e/team.test.ts`),
// or TEST_ONE_PROCESS=1, run one vitest with them instead.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { printSlowestFiles, type SlowestFilesReport } from '../test/slowestFilesReporter';

const VITEST = ['node_modules/vitest/vitest.mjs', 'run'];

interface Run {
  name: string;
  args: string[];
}

const args = process.argv.slice(2);
const runs: Run[] =
  args.length > 0 || process.env.TEST_ONE_PROCESS === '1'
    ? [{ name: '', args }]
    : [
        { name: 'journeys', args: ['--project', 'e2e'] },
        { name: 'api', args: ['--project', 'api', '--project', 'structure', '--project', 'web'] },
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
