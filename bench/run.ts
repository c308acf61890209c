// `npm run bench` (full) and `npm run bench -- --quick` (smoke run, under 2 minutes).
// Starts the configured or embedded MongoDB and Redis, seeds its own data in its own database, runs the
// scenarios, and writes bench/results/<date>.json, bench/results/latest.md and the Markdown to stdout.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { servicesEnv, startEmbeddedServices } from '@freight/dev-services';
import mongoose from 'mongoose';
import { machineInfo, REPO, type BenchContext, type ScenarioResult } from './lib';
import { scenarios as featureScenarios } from './scenarios/index';

const quick = process.argv.includes('--quick');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const log = (line: string) => console.error(line);

const services = await startEmbeddedServices({ dataDir: path.join(REPO, '.data'), log, reuseRunning: true });
const database = `bench_${Date.now().toString(36)}`;
const ctx: BenchContext = {
  quick,
  mongoUri: services.mongoUri,
  redisUrl: services.redisUrl,
  database,
  mongoKind: services.mongo.label ?? services.mongo.kind,
  log,
  serverEnv: {
    NODE_ENV: 'production',
    // MONGODB_URI, REDIS_URL and, on FerretDB/PostgreSQL, FERRETDB_POSTGRES_URL: without the last the servers
    // never add the PostgreSQL side of the indexes and every equality is a sequential scan.
    ...servicesEnv(services),
    MONGODB_DB: database,
    REDIS_PREFIX: `${database}:`,
    SESSION_SECRET: randomBytes(24).toString('hex'),
    FILE_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ENABLE_TEST_ACCOUNTS: 'false',
    // The scenarios hammer one user's chat and open many sockets per user: per-user limits would answer 429.
    RATE_LIMITS_ENABLED: 'false',
    REGISTER_LIMIT_PER_HOUR: '1000000', // every bench user signs up from 127.0.0.1
    DATA_DIR: path.join(REPO, '.data', 'bench'),
    LOG_LEVEL: 'warn',
    MAP_TILE_URL: '',
  },
};
await mongoose.connect(ctx.mongoUri, { dbName: database });

const machine = machineInfo(ctx.mongoKind);
log(
  `Bench ${quick ? '(quick)' : '(full)'} on ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, database ${machine.database} (${database})`,
);

type Scenario = { key: string; run: () => Promise<ScenarioResult | ScenarioResult[]> };
const all: Scenario[] = featureScenarios(ctx);

const results: ScenarioResult[] = [];
const started = Date.now();
try {
  for (const s of all) {
    if (only && !only.includes(s.key)) continue;
    log(`▶ ${s.key}`);
    const out = await s.run();
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
  `# Benchmark results (${quick ? 'quick' : 'full'} run, ${date.slice(0, 10)})`,
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
