import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ensureMongo,
  ensureRedis,
  findExecutable,
  freePort,
  readRunningServices,
  startEmbeddedServices,
  waitForPort,
  type ServicesFile,
} from './index';
import { findPostgres } from './postgres';
import { ChildExitError, startService } from './processes';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const TIMEOUT = 120_000;

/** process.env without MONGODB_URI / REDIS_URL, so that the launcher starts its own services. */
function launcherEnv(overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...overrides };
  delete env.MONGODB_URI;
  delete env.REDIS_URL;
  return env;
}

const tempDirs: string[] = [];
/** A fresh data folder; its name has a space to check that paths reach the children intact. */
function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'embedded test-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Whether ensureMongo can start a MongoDB without building FerretDB (a minute): a mongod or ferretdb on PATH, or
 * the binary `npm start` / scripts/ensure-ferretdb.ts left in <repo>/.data/bin (linked into `dataDir`).
 */
function mongoSource(dataDir: string): string | null {
  const onPath = findExecutable('mongod') ?? findExecutable('ferretdb');
  if (onPath) return onPath;
  const built = path.join(repo, '.data', 'bin', 'ferretdb');
  if (!existsSync(built)) return null;
  mkdirSync(path.join(dataDir, 'bin'), { recursive: true });
  symlinkSync(built, path.join(dataDir, 'bin', 'ferretdb'));
  return built;
}
const NO_MONGO =
  'no mongod or ferretdb on PATH and no <repo>/.data/bin/ferretdb (run `npx tsx scripts/ensure-ferretdb.ts` to build it)';
const redisServer = findExecutable('redis-server');
const NO_REDIS = 'redis-server is not on PATH';

/** Alive and not a zombie (orphans may linger as zombies in containers whose init does not reap). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

describe('ports', () => {
  it('finds a free port and waits until it accepts connections', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    await expect(waitForPort('127.0.0.1', port, 300)).rejects.toThrow(/Timed out after 300 ms/);

    const server = net.createServer();
    setTimeout(() => server.listen(port, '127.0.0.1'), 200);
    try {
      await waitForPort('127.0.0.1', port, 5_000);
    } finally {
      server.close();
    }
  });
});

describe('service processes', () => {
  it('reports a child that exits before it listens, with its output', async () => {
    const port = await freePort();
    const start = startService({
      name: 'broken',
      command: '/bin/sh',
      args: ['-c', 'echo "bind: address is broken" >&2; exit 3'],
      host: '127.0.0.1',
      port,
      timeoutMs: 10_000,
    });
    await expect(start).rejects.toBeInstanceOf(ChildExitError);
    await expect(start).rejects.toThrow(
      /broken exited with code 3 before accepting connections[\s\S]*address is broken/,
    );
  });
});

describe('ensureRedis', () => {
  it('uses REDIS_URL when set', async () => {
    const redis = await ensureRedis({ dataDir: tempDataDir(), env: { REDIS_URL: 'redis://example:6379' } });
    expect(redis).toMatchObject({ kind: 'external', url: 'redis://example:6379', pid: null });
    await redis.stop();
  });

  it('says how to get Redis when there is none', async () => {
    await expect(
      ensureRedis({ dataDir: tempDataDir(), env: launcherEnv({ PATH: '/nonexistent' }) }),
    ).rejects.toThrow(
      'Redis not found: set REDIS_URL or install redis-server (apt-get install redis-server)',
    );
  });

  it(
    'starts redis-server on a free port, and the data survives a restart',
    async (ctx) => {
      if (!redisServer) ctx.skip(NO_REDIS);
      const dataDir = tempDataDir();
      const env = launcherEnv();
      const first = await ensureRedis({ dataDir, env, log: () => undefined });
      expect(first.kind).toBe('redis-server');
      expect(first.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
      expect(first.dataPath).toBe(path.join(dataDir, 'redis'));
      const client = new Redis(first.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await client.connect();
        await client.set('embedded:test', 'kept');
        expect(await client.config('GET', 'save')).toEqual(['save', '']);
        expect(await client.config('GET', 'appendonly')).toEqual(['appendonly', 'yes']);
      } finally {
        client.disconnect();
      }
      await first.stop();
      expect(running(first.pid!)).toBe(false);
      expect(existsSync(path.join(dataDir, 'redis', 'appendonlydir'))).toBe(true);

      const second = await ensureRedis({ dataDir, env, log: () => undefined });
      const again = new Redis(second.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await again.connect();
        expect(await again.get('embedded:test')).toBe('kept');
      } finally {
        again.disconnect();
        await second.stop();
      }
    },
    TIMEOUT,
  );

  it(
    'its redis-server dies with the process that started it, even on SIGKILL',
    async (ctx) => {
      if (!redisServer) ctx.skip(NO_REDIS);
      if (process.platform !== 'linux') ctx.skip('the parent-death signal is Linux-only');
      const dataDir = tempDataDir();
      const script = path.join(dataDir, 'launch.mts'); // .mts: ESM (top-level await) outside the repo's package
      writeFileSync(
        script,
        `import { ensureRedis } from ${JSON.stringify(path.join(here, 'index.ts'))};\n` +
          `const redis = await ensureRedis({ dataDir: ${JSON.stringify(dataDir)}, log: () => undefined });\n` +
          `console.log('PID ' + redis.pid);\n` +
          `setInterval(() => undefined, 1000);\n`,
      );
      const parent = spawn(process.execPath, ['--import', 'tsx', script], {
        cwd: repo,
        env: launcherEnv(),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const childPid = await new Promise<number>((resolve, reject) => {
        let out = '';
        parent.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /PID (\d+)/.exec(out);
          if (match) resolve(Number(match[1]));
        });
        parent.once('exit', (code) => reject(new Error(`launcher exited with ${code}: ${out}`)));
      });
      expect(running(childPid)).toBe(true);
      parent.kill('SIGKILL');
      expect(await eventually(() => !running(childPid))).toBe(true);
    },
    TIMEOUT,
  );
});

describe('ensureMongo', () => {
  it('uses MONGODB_URI when set', async () => {
    const mongo = await ensureMongo({
      dataDir: tempDataDir(),
      env: { MONGODB_URI: 'mongodb://example:27017/x' },
    });
    expect(mongo).toMatchObject({ kind: 'external', uri: 'mongodb://example:27017/x', pid: null });
  });

  it('says how to get MongoDB when there is none', async () => {
    const attempt = ensureMongo({ dataDir: tempDataDir(), env: launcherEnv({ PATH: '/nonexistent' }) });
    await expect(attempt).rejects.toThrow(/Set MONGODB_URI.*install MongoDB.*`mongod`.*install Go/s);
  });

  it(
    'starts MongoDB (mongod or FerretDB) on a free port, and the data survives a restart',
    async (ctx) => {
      const dataDir = tempDataDir();
      if (!mongoSource(dataDir)) ctx.skip(NO_MONGO);
      const env = launcherEnv();
      const lines: string[] = [];
      const first = await ensureMongo({ dataDir, env, log: (l) => lines.push(l) });
      expect(lines.filter((l) => !l.startsWith('FerretDB runs on SQLite'))).toEqual([]); // nothing to build
      expect(['mongod', 'ferretdb']).toContain(first.kind);
      expect(first.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+$/);
      if (first.kind === 'ferretdb')
        expect(first.label).toMatch(/^FerretDB \d+\.\d+\.\d+ \((SQLite|PostgreSQL \d+, private cluster)\)$/);

      const client = new MongoClient(first.uri, { serverSelectionTimeoutMS: 10_000 });
      try {
        await client.db('embedded_test').collection('things').insertOne({ name: 'kept', n: 1 });
      } finally {
        await client.close();
      }
      await first.stop();
      expect(running(first.pid!)).toBe(false);

      const second = await ensureMongo({ dataDir, env, log: (l) => lines.push(l) });
      const again = new MongoClient(second.uri, { serverSelectionTimeoutMS: 10_000 });
      try {
        const doc = await again.db('embedded_test').collection('things').findOne({ name: 'kept' });
        expect(doc).toMatchObject({ name: 'kept', n: 1 });
      } finally {
        await again.close();
        await second.stop();
      }
    },
    TIMEOUT,
  );
});

describe('startEmbeddedServices', () => {
  it(
    'prints one line per service, records them in services.json while running, and refuses a second owner',
    async (ctx) => {
      const dataDir = tempDataDir();
      if (!redisServer) ctx.skip(NO_REDIS);
      if (!mongoSource(dataDir)) ctx.skip(NO_MONGO);
      const env = launcherEnv();
      const lines: string[] = [];
      const services = await startEmbeddedServices({ dataDir, env, log: (l) => lines.push(l) });
      const file = path.join(dataDir, 'services.json');
      try {
        expect(lines).toHaveLength(2);
        expect(lines[0]).toMatch(
          /^MongoDB: (FerretDB .* \((SQLite|PostgreSQL \d+, private cluster)\)|mongod.*) at mongodb:\/\/127\.0\.0\.1:\d+ \(data in .+\)$/,
        );
        expect(lines[1]).toMatch(/^Redis: redis-server at redis:\/\/127\.0\.0\.1:\d+ \(data in .+redis\)$/);

        const record = JSON.parse(readFileSync(file, 'utf8')) as ServicesFile;
        expect(record).toMatchObject({
          pid: process.pid,
          mongoUri: services.mongoUri,
          redisUrl: services.redisUrl,
        });
        expect(await readRunningServices(dataDir)).toMatchObject({ mongoUri: services.mongoUri });

        // A CLI tool reuses them (and its stop() leaves them running) …
        const reused = await startEmbeddedServices({
          dataDir,
          env,
          log: () => undefined,
          reuseRunning: true,
        });
        expect(reused.mongoUri).toBe(services.mongoUri);
        expect(reused.redisUrl).toBe(services.redisUrl);
        await reused.stop();
        expect(running(services.redis.pid!)).toBe(true);
        expect(existsSync(file)).toBe(true);

        // … while another launcher on the same data folder is refused (here: a record owned by our parent).
        const other = tempDataDir();
        writeFileSync(
          path.join(other, 'services.json'),
          JSON.stringify({ ...record, pid: process.ppid, children: [] }),
        );
        await expect(startEmbeddedServices({ dataDir: other, env, log: () => undefined })).rejects.toThrow(
          `already in use by process ${process.ppid}`,
        );
      } finally {
        await services.stop();
      }
      expect(existsSync(file)).toBe(false);
      expect(running(services.redis.pid!)).toBe(false);
      expect(running(services.mongo.pid!)).toBe(false);

      // External services: one line each, no URL printed (it may hold credentials).
      const external: string[] = [];
      const ext = await startEmbeddedServices({
        dataDir,
        env: { MONGODB_URI: 'mongodb://user:secret@db:27017', REDIS_URL: 'redis://cache:6379' },
        log: (l) => external.push(l),
      });
      expect(external).toEqual(['MongoDB: external (MONGODB_URI)', 'Redis: external (REDIS_URL)']);
      await ext.stop();
    },
    TIMEOUT,
  );
});

describe('FerretDB on a private PostgreSQL cluster', () => {
  /** FerretDB from <repo>/.data/bin (linked into the data folder), with no mongod or ferretdb on PATH. */
  function ferretOnlyEnv(dataDir: string, overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv | null {
    const built = path.join(repo, '.data', 'bin', 'ferretdb');
    if (!existsSync(built)) return null;
    mkdirSync(path.join(dataDir, 'bin'), { recursive: true });
    if (!existsSync(path.join(dataDir, 'bin', 'ferretdb')))
      symlinkSync(built, path.join(dataDir, 'bin', 'ferretdb'));
    const PATH = (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((dir) => !existsSync(path.join(dir, 'mongod')) && !existsSync(path.join(dir, 'ferretdb')))
      .join(path.delimiter);
    return launcherEnv({ PATH, ...overrides });
  }
  const NO_FERRET = 'no <repo>/.data/bin/ferretdb (run `npx tsx scripts/ensure-ferretdb.ts` to build it)';
  const NO_POSTGRES = 'no PostgreSQL server binaries (apt-get install postgresql)';
  const HIDE_POSTGRES = { POSTGRES_BIN_DIR: '/nonexistent' };

  async function withClient<T>(uri: string, fn: (client: MongoClient) => Promise<T>): Promise<T> {
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000 });
    try {
      return await fn(client);
    } finally {
      await client.close();
    }
  }

  async function systemIdentifier(postgresUrl: string): Promise<string> {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      return (
        await client.query<{ id: string }>('SELECT system_identifier::text AS id FROM pg_control_system()')
      ).rows[0].id;
    } finally {
      await client.end();
    }
  }

  it(
    'creates the cluster in <dataDir>/postgres, reuses it after a restart with the data, and stops it on stop()',
    async (ctx) => {
      const dataDir = tempDataDir();
      const env = ferretOnlyEnv(dataDir);
      if (!env) return ctx.skip(NO_FERRET);
      if (!(await findPostgres(env))) return ctx.skip(NO_POSTGRES);
      const lines: string[] = [];
      const first = await ensureMongo({ dataDir, env, log: (l) => lines.push(l) });
      expect(lines).toEqual([]);
      expect(first.kind).toBe('ferretdb');
      expect(first.label).toMatch(/^FerretDB 1\.24\.\d+ \(PostgreSQL \d+, private cluster\)$/);
      expect(first.dataPath).toBe(path.join(dataDir, 'postgres'));
      expect(existsSync(path.join(dataDir, 'postgres', 'data', 'PG_VERSION'))).toBe(true);
      expect(first.postgresUrl).toMatch(/^postgres:\/\/ferretdb:[^@]+@127\.0\.0\.1:\d+\/ferretdb$/);
      const postgresPid = first.children.find((c) => c.name === 'postgres')!.pid;
      expect(running(postgresPid)).toBe(true);
      const cluster = await systemIdentifier(first.postgresUrl!);
      const id = await withClient(first.uri, async (c) => {
        const { insertedId } = await c.db('embedded_pg').collection('things').insertOne({ name: 'kept' });
        return insertedId;
      });
      await first.stop();
      expect(running(first.pid!)).toBe(false);
      expect(running(postgresPid)).toBe(false);
      expect(existsSync(path.join(dataDir, 'postgres', 'data', 'postmaster.pid'))).toBe(false);

      // A crash leaves a postmaster.pid behind (here naming a process that is not PostgreSQL).
      writeFileSync(
        path.join(dataDir, 'postgres', 'data', 'postmaster.pid'),
        `${process.pid}\n${path.join(dataDir, 'postgres', 'data')}\n`,
      );
      const second = await ensureMongo({ dataDir, env, log: (l) => lines.push(l) });
      try {
        expect(lines).toEqual([]);
        expect(await systemIdentifier(second.postgresUrl!)).toBe(cluster);
        const doc = await withClient(second.uri, (c) =>
          c.db('embedded_pg').collection('things').findOne({ _id: id }),
        );
        expect(doc).toMatchObject({ name: 'kept' });
      } finally {
        await second.stop();
      }
      expect(running(second.children[0].pid)).toBe(false);
    },
    TIMEOUT,
  );

  it(
    'its postgres and ferretdb die with the process that started them, even on SIGKILL',
    async (ctx) => {
      if (process.platform !== 'linux') return ctx.skip('the parent-death signal is Linux-only');
      const dataDir = tempDataDir();
      const env = ferretOnlyEnv(dataDir);
      if (!env) return ctx.skip(NO_FERRET);
      if (!(await findPostgres(env))) return ctx.skip(NO_POSTGRES);
      const script = path.join(dataDir, 'launch.mts');
      writeFileSync(
        script,
        `import { ensureMongo } from ${JSON.stringify(path.join(here, 'index.ts'))};\n` +
          `const mongo = await ensureMongo({ dataDir: ${JSON.stringify(dataDir)}, log: () => undefined });\n` +
          `console.log('PIDS ' + [mongo.pid, ...mongo.children.map((c) => c.pid)].join(','));\n` +
          `setInterval(() => undefined, 1000);\n`,
      );
      const parent = spawn(process.execPath, ['--import', 'tsx', script], {
        cwd: repo,
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const pids = await new Promise<number[]>((resolve, reject) => {
        let out = '';
        parent.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /PIDS ([\d,]+)/.exec(out);
          if (match) resolve(match[1].split(',').map(Number));
        });
        parent.once('exit', (code) => reject(new Error(`launcher exited with ${code}: ${out}`)));
      });
      expect(pids).toHaveLength(2);
      expect(pids.every(running)).toBe(true);
      parent.kill('SIGKILL');
      expect(await eventually(() => !pids.some(running), 20_000)).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'falls back to FerretDB on SQLite where no PostgreSQL server exists, saying so and what it costs',
    async (ctx) => {
      const dataDir = tempDataDir();
      const env = ferretOnlyEnv(dataDir, HIDE_POSTGRES);
      if (!env) return ctx.skip(NO_FERRET);
      const lines: string[] = [];
      const mongo = await ensureMongo({ dataDir, env, log: (l) => lines.push(l) });
      try {
        expect(lines).toEqual([
          'FerretDB runs on SQLite: no PostgreSQL server binaries found (apt-get install postgresql). ' +
            'On SQLite every query but _id equality reads the whole collection (~5 s per 100,000 documents).',
        ]);
        expect(mongo.label).toMatch(/^FerretDB 1\.24\.\d+ \(SQLite\)$/);
        expect(mongo.postgresUrl).toBeNull();
        expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
      } finally {
        await mongo.stop();
      }
    },
    TIMEOUT,
  );

  it(
    'copies the databases of a data folder from the SQLite era on the first start on PostgreSQL, once',
    async (ctx) => {
      const dataDir = tempDataDir();
      const sqliteEnv = ferretOnlyEnv(dataDir, HIDE_POSTGRES);
      if (!sqliteEnv) return ctx.skip(NO_FERRET);
      const env = ferretOnlyEnv(dataDir)!;
      if (!(await findPostgres(env))) return ctx.skip(NO_POSTGRES);

      const old = await ensureMongo({ dataDir, env: sqliteEnv, log: () => undefined });
      const ids = await withClient(old.uri, async (c) => {
        const loads = c.db('freight').collection('loads');
        await loads.createIndex({ status: 1, createdAt: -1 });
        const inserted = await loads.insertMany(
          Array.from({ length: 1_203 }, (_, i) => ({
            n: i,
            status: i % 2 ? 'open' : 'booked',
            at: new Date(i),
          })),
        );
        await c
          .db('freight')
          .collection('users')
          .insertOne({ _id: 'u1' as never, email: 'a@b.c' });
        await c
          .db('other')
          .collection('things')
          .insertOne({ nested: { a: [1, 2] } });
        return Object.values(inserted.insertedIds);
      });
      await old.stop();
      const sqliteFiles = readdirSync(path.join(dataDir, 'ferretdb')).filter((f) => f.endsWith('.sqlite'));
      expect(sqliteFiles.sort()).toEqual(['freight.sqlite', 'other.sqlite']);

      const lines: string[] = [];
      const first = await ensureMongo({ dataDir, env, log: (l) => lines.push(l) });
      try {
        expect(first.postgresUrl).not.toBeNull();
        expect(lines).toEqual([
          `Copied 1205 documents in 3 collections of 2 databases from the SQLite files in ${path.join(dataDir, 'ferretdb')} ` +
            'into PostgreSQL (the SQLite files are left in place).',
        ]);
        await withClient(first.uri, async (c) => {
          const loads = c.db('freight').collection('loads');
          expect(await loads.countDocuments({ status: 'open' })).toBe(601);
          expect(await loads.findOne({ _id: ids[7] })).toMatchObject({
            n: 7,
            status: 'open',
            at: new Date(7),
          });
          expect((await loads.indexes()).map((i) => i.name)).toContain('status_1_createdAt_-1');
          expect(
            await c
              .db('freight')
              .collection('users')
              .findOne({ _id: 'u1' as never }),
          ).toMatchObject({
            email: 'a@b.c',
          });
          expect(await c.db('other').collection('things').findOne({})).toMatchObject({
            nested: { a: [1, 2] },
          });
          await loads.deleteOne({ _id: ids[0] }); // a change made on PostgreSQL …
        });
      } finally {
        await first.stop();
      }
      expect(
        readdirSync(path.join(dataDir, 'ferretdb'))
          .filter((f) => f.endsWith('.sqlite'))
          .sort(),
      ).toEqual(sqliteFiles);

      // … that a second start does not undo: the copy happens once.
      const second = await ensureMongo({ dataDir, env, log: (l) => lines.push(l) });
      try {
        expect(lines).toHaveLength(1);
        expect(
          await withClient(second.uri, (c) => c.db('freight').collection('loads').countDocuments()),
        ).toBe(1_202);
      } finally {
        await second.stop();
      }
    },
    TIMEOUT,
  );
});
