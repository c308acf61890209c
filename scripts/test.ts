// `npm test` after the build: the whole suite as two vitest runs side by side, each with its own services (README,
// "Testing"). The journeys (the e2e project, one file at a time, at the normal priority) are chains of short waits on
// Chromium, the app and the database, and use about one and a half of the machine's two cores; the API, structure and
// web tests run beside them in the idle scheduling class (SCHED_IDLE): they take the cores the journeys leave, and a
// journey's process that wakes takes its core back at once. One after the other, the API tests kept both cores
// busy and the journeys left half a core idle for thirteen minutes.
//
// `npm test -- <vitest arguments>` (a file, a project, a filter) is one plain `vitest run` with those arguments.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { slowestFilesReport, type FileTime } from '../test/slowestFilesReporter';

const repo = path.resolve(import.meta.dirname, '..');
const vitest = path.join(repo, 'node_modules', 'vitest', 'vitest.mjs');
const args = process.argv.slice(2);

interface Run {
  name: string;
  projects: string[];
  /** In the idle class: it runs only on what the other run leaves of the cores. */
  background: boolean;
}

const RUNS: Run[] = [
  { name: 'journeys', projects: ['e2e'], background: false },
  { name: 'api', projects: ['api', 'structure', 'web'], background: true },
];

if (args.length > 0) {
  const child = spawn(process.execPath, [vitest, 'run', ...args], { cwd: repo, stdio: 'inherit' });
  process.exit(await ended(child));
}

/** `chrt --idle 0` where Linux's util-linux has it; elsewhere the lowest nice value, set once the child exists. */
const hasChrt =
  process.platform === 'linux' &&
  spawnSync('chrt', ['--idle', '0', 'true'], { stdio: 'ignore' }).status === 0;

/** Where each run's reporter leaves its files' times, for one report of both at the end. */
const timesDir = mkdtempSync(path.join(os.tmpdir(), 'freight-test-times-'));
const timesOf = (run: Run) => path.join(timesDir, `${run.name}.json`);

function start(run: Run): ChildProcess {
  const command = [process.execPath, vitest, 'run', ...run.projects.flatMap((p) => ['--project', p])];
  const [file, ...rest] = run.background && hasChrt ? ['chrt', '--idle', '0', ...command] : command;
  const child = spawn(file!, rest, {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours as vitest would show them on this terminal (through a pipe it would print none).
    env: {
      ...process.env,
      SLOWEST_FILES_JSON: timesOf(run),
      ...(process.stdout.isTTY && !process.env.NO_COLOR && { FORCE_COLOR: '1' }),
    },
  });
  if (run.background && !hasChrt && child.pid) os.setPriority(child.pid, 19);
  // Whole lines, each marked with its run: the two reports interleave line by line, never inside a line.
  for (const [stream, out] of [
    [child.stdout!, process.stdout],
    [child.stderr!, process.stderr],
  ] as const)
    readline.createInterface({ input: stream }).on('line', (line) => out.write(`[${run.name}] ${line}\n`));
  return child;
}

function ended(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const startedAt = Date.now();
const children = RUNS.map((run) => ({ run, child: start(run) }));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => children.forEach(({ child }) => child.kill(signal)));
const codes = await Promise.all(
  children.map(async ({ run, child }) => {
    const code = await ended(child);
    console.log(
      `[${run.name}] ended with exit code ${code} after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    );
    return code;
  }),
);
const times = RUNS.flatMap((run): FileTime[] => {
  try {
    return JSON.parse(readFileSync(timesOf(run), 'utf8')) as FileTime[];
  } catch {
    return []; // a run that ended before reporting (it failed to start): its own log says why
  }
});
rmSync(timesDir, { recursive: true, force: true });
console.log(slowestFilesReport(times, Date.now() - startedAt));
const failed = RUNS.filter((_, i) => codes[i] !== 0).map((run) => run.name);
console.log(failed.length ? `Failed: ${failed.join(' and ')} (their lines above).` : 'Both runs passed.');
process.exit(failed.length ? 1 : 0);
