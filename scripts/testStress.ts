// `npm run test:stress`: the stress suites at their full size (STRESS=full), before a release. A stress suite is a
// test file that reads its size from test/stress.ts, itself or through a `*.testing.ts` module of its folder that
// does (the load's race rounds); `npm test` runs the same files at their CI size.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
const roots = ['server/src', 'workers/src', 'e2e'];

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}

const all = roots.flatMap((r) => [...sources(path.join(repo, r))]);
const readsStress = (file: string) => readFileSync(file, 'utf8').includes("from '@test/stress'");
const sizedModules = all.filter((f) => !f.endsWith('.test.ts') && readsStress(f));
const stressFiles = all.filter((f) => {
  if (!f.endsWith('.test.ts')) return false;
  if (readsStress(f)) return true;
  const text = readFileSync(f, 'utf8');
  return sizedModules.some(
    (m) => path.dirname(m) === path.dirname(f) && text.includes(`'./${path.basename(m, '.ts')}'`),
  );
});
const relative = stressFiles.map((f) => path.relative(repo, f)).sort();
console.log(`Stress suites at full size (${relative.length} files):\n  ${relative.join('\n  ')}`);

const result = spawnSync('npx', ['vitest', 'run', ...relative], {
  cwd: repo,
  stdio: 'inherit',
  env: { ...process.env, STRESS: 'full' },
});
process.exit(result.status ?? 1);
