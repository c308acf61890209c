import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureFerretBinary, ferretBinaryPath, ferretVersion } from './ferretdb';
import { toLineLogger, type EmbeddedLog, type LineLogger } from './log';
import { findExecutable, runCommand, startWithFreePort, unexpectedExit } from './processes';

export type MongoKind = 'external' | 'mongod' | 'ferretdb' | 'memory-server';

export interface EnsureServiceOptions {
  /** The data folder (`DATA_DIR`, `.data` by default); made absolute. */
  dataDir: string;
  log?: EmbeddedLog;
  /** Environment read for MONGODB_URI / REDIS_URL and PATH, and given to children; process.env by default. */
  env?: NodeJS.ProcessEnv;
}

export interface EmbeddedMongo {
  /** `mongodb://127.0.0.1:<port>` (no database name: pick it with the driver's dbName option), or MONGODB_URI. */
  uri: string;
  kind: MongoKind;
  /** What runs, for the start-up line: `FerretDB 1.24.2 (SQLite)`, `mongod 7.0.14`, `external (MONGODB_URI)`. */
  label: string;
  /** Absolute folder holding the data, null when external. */
  dataPath: string | null;
  /** The child's pid when the launcher started one. */
  pid: number | null;
  /** Stops what the launcher started (SIGTERM, SIGKILL after 5 s); nothing for an external server. Idempotent. */
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';

/**
 * A MongoDB to talk to, in the order of DESIGN §4: MONGODB_URI → `mongod` on PATH → a `ferretdb` binary on PATH or
 * in `<dataDir>/bin` → FerretDB built with the Go toolchain on PATH → mongodb-memory-server-core when installed.
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
      stop: async () => undefined,
    };
  }

  const mongod = findExecutable('mongod', env);
  if (mongod) return startMongod(mongod, dataDir, env, log);

  const onPath = findExecutable('ferretdb', env);
  if (onPath) return startFerret(onPath, (await ferretVersion(onPath, env)) ?? 'unknown', dataDir, env, log);
  const inDataDir = ferretBinaryPath(dataDir);
  const version = await ferretVersion(inDataDir, env);
  if (version !== null) return startFerret(inDataDir, version, dataDir, env, log);

  const unavailable: string[] = [];
  if (findExecutable('go', env)) {
    let built: string | null = null;
    try {
      built = await ensureFerretBinary(dataDir, log.info, env);
    } catch (err) {
      unavailable.push((err as Error).message);
    }
    if (built) return startFerret(built, (await ferretVersion(built, env)) ?? 'unknown', dataDir, env, log);
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
  const proc = await startWithFreePort((port) => ({
    name: 'mongod',
    command: binary,
    args: ['--dbpath', dbPath, '--port', String(port), '--bind_ip', HOST, '--quiet'],
    env,
    onUnexpectedExit: unexpectedExit('MongoDB (mongod)', log),
  }));
  return {
    uri: `mongodb://${HOST}:${proc.port}`,
    kind: 'mongod',
    label: version ? `mongod ${version}` : 'mongod',
    dataPath: dbPath,
    pid: proc.child.pid ?? null,
    stop: () => proc.child.stop(),
  };
}

async function startFerret(
  binary: string,
  version: string,
  dataDir: string,
  env: NodeJS.ProcessEnv,
  log: LineLogger,
): Promise<EmbeddedMongo> {
  const dir = path.join(dataDir, 'ferretdb');
  await mkdir(dir, { recursive: true });
  // file:///abs/dir/ (percent-encoded, trailing slash): FerretDB keeps one <database>.sqlite file per database there.
  const sqliteUrl = `${pathToFileURL(dir).href.replace(/\/?$/, '/')}`;
  const proc = await startWithFreePort((port) => ({
    name: 'ferretdb',
    command: binary,
    args: [
      '--handler=sqlite',
      `--sqlite-url=${sqliteUrl}`,
      `--listen-addr=${HOST}:${port}`,
      `--state-dir=${dir}`,
      '--telemetry=disable',
      '--debug-addr=-',
      '--log-level=warn',
    ],
    env,
    onUnexpectedExit: unexpectedExit('MongoDB (ferretdb)', log),
  }));
  return {
    uri: `mongodb://${HOST}:${proc.port}`,
    kind: 'ferretdb',
    label: `FerretDB ${version} (SQLite)`,
    dataPath: dir,
    pid: proc.child.pid ?? null,
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
    stop: () => (stopped ??= server.stop({ doCleanup: false }).then(() => undefined)),
  };
}
