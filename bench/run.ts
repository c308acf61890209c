// `npm run bench` (full) and `npm run bench -- --quick` (smoke run, under 2 minutes).
// Starts the configured or embedded MongoDB and Redis, seeds its own data in its own database, runs the
// scenarios, and writes bench/results/<date>.json, bench/results/latest.md and the Markdown to stdout.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedServices } from '@freight/dev-services';
import mongoose from 'mongoose';
import { benchContext, machineInfo, REPO, type ScenarioResult } from './lib';
import { scenarios as featureScenarios } from './scenarios/index';

const quick = process.argv.includes('--quick');
// `--tiny`: every scenario's set-up and one small round in seconds (what the CI check runs); writes no results.
const tiny = process.argv.includes('--tiny');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const log = (line: string) => console.error(line);

const services = await startEmbeddedServices({ dataDir: path.join(REPO, '.data'), log, reuseRunning: true });
const database = `bench_${Date.now().toString(36)}`;
const ctx = benchContext({
  size: tiny ? 'tiny' : quick ? 'quick' : 'full',
  services,
  mongoKind: services.mongo.label ?? services.mongo.kind,
  database,
  dataDir: path.join(REPO, '.data', 'bench'),
  log,
});
await mongoose.connect(ctx.mongoUri, { dbName: database });

const machine = machineInfo(ctx.mongoKind);
log(
  `Bench (${ctx.size}) on ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, database ${machine.database} (${database})`,
);

type Scenario = { key: string; run: () => Promise<ScenarioResult | ScenarioResult[]> };
const all: Scenario[] = featureScenarios(ctx);

const results: ScenarioResult[] = [];
const started = Date.now();
try {
  for (const s of all) {
    if (only && !only.includes(s.key)) continue;
    log(`▶ ${s.key}`);
    const t = performance.now();
    const out = await s.run();
    log(`  ${s.key}: ${Math.round(performance.now() - t) / 1000} s`);
    results.push(...(Array.isArray(out) ? out : [out]));
  }
} finally {
  await mongoose.connection.db?.dropDatabase().catch(() => undefined);
  await mongoose.disconnect();
  await services.stop();
}

function table(rows: ScenarioResult['rows']): string {
  if (rows.length === 0) return '_no rows_';
  const keys = Object.keys(rows[0]);
  return [
    `| ${keys.join(' | ')} |`,
    `| ${keys.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${keys.map((k) => r[k]).join(' | ')} |`),
  ].join('\n');
}

const date = new Date().toISOString();
// Issue #11's figures, each a ratio (or rate) measured in this run, gathered from the scenarios in one table.
type Goal = { figure: string; value: number | string; goal: string };
const goals = results.flatMap((r) => ((r.extra?.goals as Goal[] | undefined) ?? []).map((g) => g));
const goalMet = (g: Goal) => {
  const m = /^≤ ([\d.]+)$/.exec(g.goal);
  return m ? (Number(g.value) <= Number(m[1]) ? 'met' : 'NOT met') : '-';
};
const md = [
  `# Benchmark results (${ctx.size} run, ${date.slice(0, 10)})`,
  '',
  `Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}. Database: ${machine.database}. Duration ${Math.round((Date.now() - started) / 1000)} s.`,
  '',
  ...(goals.length
    ? [
        '## Goals (issue #11)',
        '',
        table(goals.map((g) => ({ figure: g.figure, value: g.value, goal: g.goal, status: goalMet(g) }))),
        '',
      ]
    : []),
  ...results.flatMap((r) => [
    `## ${r.name}`,
    '',
    `Parameters: \`${JSON.stringify(r.parameters)}\``,
    '',
    table(r.rows),
    '',
    ...(r.notes ?? []).map((n) => `- ${n}`),
    '',
  ]),
].join('\n');

if (tiny) {
  console.log(md);
  process.exit(0);
}
const dir = path.join(REPO, 'bench', 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(
  path.join(dir, `${date.replace(/[:.]/g, '-')}${quick ? '-quick' : ''}.json`),
  JSON.stringify({ date, quick, machine, results }, null, 2),
);
// A subset writes its own file (latest-web.md for --only=web), so the committed full run stays as it is.
if (!quick) writeFileSync(path.join(dir, only ? `latest-${only.join('-')}.md` : 'latest.md'), md);
else writeFileSync(path.join(dir, 'latest-quick.md'), md);
console.log(md);
process.exit(0);
