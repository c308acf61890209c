import { existsSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureFerretBinary, ferretBinaryPath, ferretVersion } from './ferretdb';
import { displayPath, toLineLogger, type EmbeddedLog, type LineLogger } from './log';
import { copyDatabases } from './copyDatabases';
import { findPostgres, PostgresUnavailableError, startPostgres } from './postgres';
import { findExecutable, runCommand, startWithFreePort } from './processes';

export type MongoKind = 'external' | 'mongod' | 'ferretdb' | 'memory-server';

export interface EnsureServiceOptions {
  /** The data folder (`DATA_DIR`, `.data` by default); made absolute. */
  dataDir: string;
  log?: EmbeddedLog;
  /** Environment read for MONGODB_URI / REDIS_URL and PATH, and given to children; process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** Data that need not survive a crash (the tests' temporary folder): PostgreSQL runs without fsync. */
  disposable?: boolean;
}

export interface EmbeddedMongo {
  /** `mongodb://127.0.0.1:<port>` (no database name: pick it with the driver's dbName option), or MONGODB_URI. */
  uri: string;
  kind: MongoKind;
  /** What runs: `FerretDB 1.24.2 (PostgreSQL 15, private cluster)`, `mongod 7.0.14`, `external (MONGODB_URI)`. */
  label: string;
  /** Absolute folder holding the data, null when external. */
  dataPath: string | null;
  /** The child's pid when the launcher started one. */
  pid: number | null;
  /** FerretDB on PostgreSQL: the cluster's URL (for the index set-up, DESIGN §2.2); else null. */
  postgresUrl: string | null;
  /** Further processes the launcher started for it (PostgreSQL under FerretDB). */
  children: { name: string; pid: number }[];
  /** Stops what the launcher started (SIGTERM, SIGKILL after 5 s); nothing for an external server. Idempotent. */
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';

/**
 * A MongoDB to talk to, in the order of DESIGN §4: MONGODB_URI → `mongod` on PATH → FerretDB (a `ferretdb` on PATH
 * or in `<dataDir>/bin`, else built with the Go toolchain on PATH) on a private PostgreSQL cluster in
 * `<dataDir>/postgres`, or on SQLite where no PostgreSQL server exists → mongodb-memory-server-core when installed.
 * Throws, saying how to get one, when none of these is possible.
 */
export async function ensureMongo(options: EnsureServiceOptions): Promise<EmbeddedMongo> {
  const env = options.env ?? process.env;
  const dataDir = path.resolve(options.dataDir);
  const log = toLineLogger(options.log);

  if (env.MONGODB_URI) {
    return {
      uri: env.MONGODB_URI,
      kind: 'external',
      label: 'external (MONGODB_URI)',
      dataPath: null,
      pid: null,
      postgresUrl: null,
      children: [],
      stop: async () => undefined,
    };
  }

  const mongod = findExecutable('mongod', env);
  if (mongod) return startMongod(mongod, dataDir, env, log);

  const ferret = await findFerret(dataDir, env);
  if (ferret) return startFerretWithStorage(ferret, dataDir, env, log, options.disposable);

  const unavailable: string[] = [];
  if (findExecutable('go', env)) {
    let built: string | null = null;
    try {
      built = await ensureFerretBinary(dataDir, log.info, env);
    } catch (err) {
      unavailable.push((err as Error).message);
    }
    if (built) {
      const version = (await ferretVersion(built, env)) ?? 'unknown';
      return startFerretWithStorage({ binary: built, version }, dataDir, env, log, options.disposable);
    }
  }

  try {
    const memory = await startMemoryServer(dataDir);
    if (memory) return memory;
  } catch (err) {
    unavailable.push(`mongodb-memory-server-core: ${(err as Error).message}`);
  }

  throw new Error(
    [
      'MongoDB not found. Set MONGODB_URI to a running MongoDB (for example mongodb://127.0.0.1:27017), ' +
        'install MongoDB so that `mongod` is on PATH, ' +
        'or install Go (https://go.dev/dl/) so that FerretDB can be built into the data folder on first start.',
      ...unavailable,
    ].join('\n'),
  );
}

async function startMongod(
  binary: string,
  dataDir: string,
  env: NodeJS.ProcessEnv,
  log: LineLogger,
): Promise<EmbeddedMongo> {
  const dbPath = path.join(dataDir, 'mongod');
  await mkdir(dbPath, { recursive: true });
  const versionOut = await runCommand(binary, ['--version'], { env, timeoutMs: 15_000 });
  const version = /db version v?(\S+)/.exec(versionOut.stdout)?.[1];
  const proc = await startWithFreePort(
    (port) => ({
      name: 'mongod',
      command: binary,
      args: ['--dbpath', dbPath, '--port', String(port), '--bind_ip', HOST, '--quiet'],
      env,
    }),
    { what: 'MongoDB (mongod)', log },
  );
  return {
    uri: `mongodb://${HOST}:${proc.port}`,
    kind: 'mongod',
    label: version ? `mongod ${version}` : 'mongod',
    dataPath: dbPath,
    pid: proc.child.pid ?? null,
    postgresUrl: null,
    children: [],
    stop: () => proc.child.stop(),
  };
}

interface FerretBinary {
  binary: string;
  version: string;
}

/** A `ferretdb` on PATH, else the one in `<dataDir>/bin`; null when neither runs. */
async function findFerret(dataDir: string, env: NodeJS.ProcessEnv): Promise<FerretBinary | null> {
  const onPath = findExecutable('ferretdb', env);
  if (onPath) return { binary: onPath, version: (await ferretVersion(onPath, env)) ?? 'unknown' };
  const inDataDir = ferretBinaryPath(dataDir);
  const version = await ferretVersion(inDataDir, env);
  return version === null ? null : { binary: inDataDir, version };
}

export const SQLITE_COST =
  'every query but _id equality reads the whole collection (~5 s per 100,000 documents)';
/** Written into `<dataDir>/postgres` once the databases of `<dataDir>/ferretdb/*.sqlite` were copied over. */
const SQLITE_COPIED_MARKER = 'copied-from-sqlite';

/**
 * FerretDB on a private PostgreSQL cluster in `<dataDir>/postgres`; on SQLite files in `<dataDir>/ferretdb` only
 * where no PostgreSQL server can run (one line says so and what it costs). On the first start on PostgreSQL, the
 * databases of a data folder from the SQLite era are copied over (the SQLite files stay in place).
 */
async function startFerretWithStorage(
  ferret: FerretBinary,
  dataDir: string,
  env: NodeJS.ProcessEnv,
  log: LineLogger,
  disposable = false,
): Promise<EmbeddedMongo> {
  const sqliteDir = path.join(dataDir, 'ferretdb');
  const bin = await findPostgres(env);
  let why = 'no PostgreSQL server binaries found (apt-get install postgresql)';
  if (bin) {
    try {
      const postgres = await startPostgres(bin, dataDir, env, log, disposable);
      let server: FerretProcess | null = null;
      try {
        server = await startFerret(
          ferret.binary,
          { postgresUrl: postgres.url, stateDir: postgres.clusterPath },
          env,
          log,
        );
        await copySqliteEra(ferret.binary, sqliteDir, postgres.clusterPath, server.uri, env, log);
      } catch (err) {
        await server?.stop();
        await postgres.stop();
        throw err;
      }
      const ferretServer = server;
      let stopped: Promise<void> | null = null;
      return {
        uri: ferretServer.uri,
        kind: 'ferretdb',
        label: `FerretDB ${ferret.version} (PostgreSQL ${postgres.major}, private cluster)`,
        dataPath: postgres.clusterPath,
        get pid() {
          return ferretServer.pid;
        },
        postgresUrl: postgres.url,
        // Read when asked: a supervised child restarted after a crash has a new pid.
        get children() {
          return postgres.pid ? [{ name: 'postgres', pid: postgres.pid }] : [];
        },
        stop: () => (stopped ??= ferretServer.stop().finally(() => postgres.stop())),
      };
    } catch (err) {
      if (!(err instanceof PostgresUnavailableError)) throw err;
      why = err.message;
    }
  }
  const unused = existsSync(path.join(dataDir, 'postgres', 'data'))
    ? ` (the PostgreSQL data in ${displayPath(path.join(dataDir, 'postgres'))} is not used)`
    : '';
  log.info(`FerretDB runs on SQLite: ${why}. On SQLite ${SQLITE_COST}${unused}.`);
  const server = await startFerret(ferret.binary, { sqliteDir }, env, log);
  return {
    uri: server.uri,
    kind: 'ferretdb',
    label: `FerretDB ${ferret.version} (SQLite)`,
    dataPath: sqliteDir,
    pid: server.pid,
    postgresUrl: null,
    children: [],
    stop: server.stop,
  };
}

/**
 * When `<dataDir>/ferretdb` holds SQLite databases that were never copied into the cluster: serve them with a
 * temporary FerretDB and copy every database over, then mark the cluster so that this happens once.
 */
async function copySqliteEra(
  binary: string,
  sqliteDir: string,
  clusterPath: string,
  targetUri: string,
  env: NodeJS.ProcessEnv,
  log: LineLogger,
): Promise<void> {
  const marker = path.join(clusterPath, SQLITE_COPIED_MARKER);
  if (existsSync(marker)) return;
  let files: string[] = [];
  try {
    files = readdirSync(sqliteDir).filter((f) => f.endsWith('.sqlite'));
  } catch {
    // no SQLite era
  }
  if (files.length === 0) return;
  const source = await startFerret(binary, { sqliteDir }, env, log);
  try {
    const copied = await copyDatabases(source.uri, targetUri);
    await writeFile(marker, `${new Date().toISOString()}\n`);
    const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
    log.info(
      `Copied ${count(copied.documents, 'document')} in ${count(copied.collections, 'collection')} of ` +
        `${count(copied.databases, 'database')} from the SQLite files in ${displayPath(sqliteDir)} into PostgreSQL ` +
        '(the SQLite files are left in place).',
    );
  } finally {
    await source.stop();
  }
}

interface FerretProcess {
  uri: string;
  pid: number | null;
  stop(): Promise<void>;
}

async function startFerret(
  binary: string,
  storage: { sqliteDir: string } | { postgresUrl: string; stateDir: string },
  env: NodeJS.ProcessEnv,
  log: LineLogger,
): Promise<FerretProcess> {
  let handler: string[];
  let stateDir: string;
  let childEnv = env;
  if ('sqliteDir' in storage) {
    await mkdir(storage.sqliteDir, { recursive: true });
    stateDir = storage.sqliteDir;
    // file:///abs/dir/ (percent-encoded, trailing slash): FerretDB keeps one <database>.sqlite file per database there.
    handler = [
      '--handler=sqlite',
      `--sqlite-url=${pathToFileURL(storage.sqliteDir).href.replace(/\/?$/, '/')}`,
    ];
  } else {
    stateDir = storage.stateDir;
    handler = ['--handler=postgresql'];
    childEnv = { ...env, FERRETDB_POSTGRESQL_URL: storage.postgresUrl }; // not on the command line: it has the password
  }
  const proc = await startWithFreePort(
    (port) => ({
      name: 'ferretdb',
      command: binary,
      args: [
        ...handler,
        `--listen-addr=${HOST}:${port}`,
        `--state-dir=${stateDir}`,
        '--telemetry=disable',
        '--debug-addr=-',
        '--log-level=warn',
      ],
      env: childEnv,
    }),
    { what: 'MongoDB (ferretdb)', log },
  );
  return {
    uri: `mongodb://${HOST}:${proc.port}`,
    get pid() {
      return proc.child.pid ?? null;
    },
    stop: () => proc.child.stop(),
  };
}

interface MemoryServerModule {
  MongoMemoryServer: {
    create(options: { instance: { ip?: string; dbPath?: string; storageEngine?: string } }): Promise<{
      getUri(): string;
      stop(options?: { doCleanup?: boolean; force?: boolean }): Promise<boolean>;
    }>;
  };
}

/** null when mongodb-memory-server-core is not installed (it is an optional, last-resort dependency). */
async function startMemoryServer(dataDir: string): Promise<EmbeddedMongo | null> {
  const specifier = 'mongodb-memory-server-core';
  let mod: MemoryServerModule;
  try {
    mod = (await import(/* @vite-ignore */ specifier)) as MemoryServerModule;
  } catch {
    return null;
  }
  if (!mod?.MongoMemoryServer?.create) return null;
  const dbPath = path.join(dataDir, 'mongodb-memory-server');
  await mkdir(dbPath, { recursive: true });
  const server = await mod.MongoMemoryServer.create({
    instance: { ip: HOST, dbPath, storageEngine: 'wiredTiger' },
  });
  let stopped: Promise<void> | null = null;
  return {
    uri: server.getUri().replace(/\/$/, ''),
    kind: 'memory-server',
    label: 'mongodb-memory-server',
    dataPath: dbPath,
    pid: null,
    postgresUrl: null,
    children: [],
    stop: () => (stopped ??= server.stop({ doCleanup: false }).then(() => undefined)),
  };
}
