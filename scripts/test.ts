// `npm test` after the web build: the journeys (Chromium) and the other projects run as two vitest processes side by
// side, each with its own MongoDB and Redis (test/globalSetup.ts). One after the other, the machine idled through a
// sixth of the journeys' time (a page's one renderer thread, round trips) and a tenth of the API files': together
// each fills the other's gaps. Arguments (`npm test -- e2e/team.test.ts`), or TEST_ONE_PROCESS=1, run one vitest
// with them as before.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

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

/** Runs one vitest; its lines go out whole, named by the run when two share the terminal. */
function runVitest(run: Run): Promise<number> {
  const child = spawn(process.execPath, [...VITEST, ...run.args], {
    stdio: runs.length > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: process.env,
  });
  if (runs.length > 1) {
    for (const stream of [child.stdout!, child.stderr!]) {
      const out = stream === child.stdout ? process.stdout : process.stderr;
      createInterface({ input: stream }).on('line', (line) => out.write(`[${run.name}] ${line}\n`));
    }
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      if (runs.length > 1)
        console.log(`[${run.name}] ${signal ? `ended by ${signal}` : `exit code ${code}`}`);
      resolve(code ?? 1);
    }),
  );
}

const codes = await Promise.all(runs.map(runVitest));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
