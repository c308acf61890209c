// FerretDB 1.24's two backends side by side for the load board: `npx tsx bench/ferretBackends.ts [loads]`.
// Starts one FerretDB on SQLite (temporary directory) and one on PostgreSQL (a temporary database created with
// createdb on 127.0.0.1:5432, dropped at the end), seeds the same loads in each, and times the board's queries
// (the service function, single client) with each query's explain (what FerretDB pushed down to SQL).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freightSearchSchema } from '@freight/shared';
import { FreightModel } from '@freight/server/features/freight/model';
import { boardQuery, searchListings } from '@freight/server/features/freight/service';
import mongoose from 'mongoose';
import { REPO, round, sleep, summarize } from './lib';
import { FILTER_SETS, seed } from './scenarios/loadBoard';

const loads = Number(process.argv[2] ?? 10_000);
const samples = 3;
const bin = path.join(REPO, '.data', 'bin', 'ferretdb');
const pgDb = `ferret_bench_${Date.now().toString(36)}`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

async function ferret(args: string[]): Promise<{ uri: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    bin,
    [...args, `--listen-addr=127.0.0.1:${port}`, '--telemetry=disable', '--debug-addr=-', '--log-level=warn'],
    { stdio: 'ignore' },
  );
  await sleep(1500);
  return { uri: `mongodb://127.0.0.1:${port}/`, child };
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'ferret-sqlite-'));
execFileSync('createdb', ['-h', '127.0.0.1', '-U', 'postgres', pgDb]);
const backends = [
  {
    name: 'SQLite',
    ...(await ferret(['--handler=sqlite', `--sqlite-url=file:${dir}/`, `--state-dir=${dir}`])),
  },
  {
    name: 'PostgreSQL 15',
    ...(await ferret([
      '--handler=postgresql',
      `--postgresql-url=postgres://postgres@127.0.0.1:5432/${pgDb}`,
      `--state-dir=${dir}`,
    ])),
  },
];
const rows: Record<string, string | number>[] = [];
try {
  for (const b of backends) {
    await mongoose.connect(b.uri, { dbName: 'board' });
    await FreightModel.createIndexes();
    const t = performance.now();
    await seed(loads);
    const seedS = round((performance.now() - t) / 1000, 1);
    for (const set of FILTER_SETS) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < samples; i++) {
        const t0 = performance.now();
        total = (await searchListings(null, freightSearchSchema.parse(set.query))).total;
        times.push(performance.now() - t0);
      }
      const { filter, sort } = boardQuery();
      const e = (await FreightModel.find(filter).sort(sort).limit(20).explain()) as unknown as Record<
        string,
        unknown
      >;
      const s = summarize(times);
      rows.push({
        backend: b.name,
        filter: set.name,
        matches: total,
        'p50 ms': s.p50,
        'max ms': s.max,
        pushdown: `filter ${String(e.filterPushdown)}, sort ${String(e.sortPushdown)}, limit ${String(e.limitPushdown)}`,
        'seed s': seedS,
      });
      console.error(`${b.name} ${set.name}: p50 ${s.p50} ms`);
    }
    await mongoose.disconnect();
  }
} finally {
  await mongoose.disconnect().catch(() => undefined);
  for (const b of backends) b.child.kill('SIGTERM');
  await sleep(1000);
  execFileSync('dropdb', ['-h', '127.0.0.1', '-U', 'postgres', '--if-exists', pgDb]);
  rmSync(dir, { recursive: true, force: true });
}
const keys = Object.keys(rows[0]);
console.log(
  [
    `FerretDB backends, ${loads} loads, ${samples} sequential requests per filter set (service call, no HTTP):`,
    '',
    `| ${keys.join(' | ')} |`,
    `| ${keys.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${keys.map((k) => r[k]).join(' | ')} |`),
  ].join('\n'),
);
process.exit(0);
