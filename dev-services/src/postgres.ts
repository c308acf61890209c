import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { LineLogger } from './log';
import {
  findExecutable,
  isExecutableFile,
  isProcessAlive,
  processCommandLine,
  runCommand,
  startWithFreePort,
} from './processes';

/**
 * A private PostgreSQL cluster in `<dataDir>/postgres` for FerretDB (DESIGN §4), from Debian's `postgresql`
 * package: `<dataDir>/postgres/data` is the cluster (created with initdb on first start, reused after), listening on
 * 127.0.0.1 only, on a free port, with no Unix socket; the password of its one role is in
 * `<dataDir>/postgres/password`. initdb and postgres refuse to run as root, so a root launcher runs them as the
 * `postgres` user.
 */

export const POSTGRES_DATABASE = 'ferretdb';
const POSTGRES_ROLE = 'ferretdb';
const HOST = '127.0.0.1';

export interface PostgresBinaries {
  /** The folder holding initdb and postgres. */
  binDir: string;
  /** `15.14` */
  version: string;
  major: string;
}

export interface EmbeddedPostgres {
  /** `postgres://ferretdb:<password>@127.0.0.1:<port>/ferretdb` */
  url: string;
  major: string;
  /** `<dataDir>/postgres` */
  clusterPath: string;
  /** Whether initdb ran in this start (a new, empty cluster). */
  created: boolean;
  pid: number | null;
  /** Fast shutdown (SIGINT), SIGKILL after 10 s. Idempotent. */
  stop(): Promise<void>;
}

/**
 * The PostgreSQL server binaries: `POSTGRES_BIN_DIR` when set (and only there), else the newest
 * `/usr/lib/postgresql/<version>/bin`, else `initdb` and `postgres` on PATH. null when there are none.
 */
export async function findPostgres(env: NodeJS.ProcessEnv): Promise<PostgresBinaries | null> {
  const candidates: string[] = [];
  if (env.POSTGRES_BIN_DIR) candidates.push(env.POSTGRES_BIN_DIR);
  else {
    const root = '/usr/lib/postgresql';
    let versions: string[] = [];
    try {
      versions = readdirSync(root).filter((v) => /^\d+(\.\d+)?$/.test(v));
    } catch {
      // no Debian packages
    }
    versions.sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(root, v, 'bin')));
    const initdb = findExecutable('initdb', env);
    if (initdb) candidates.push(path.dirname(initdb));
  }
  for (const binDir of candidates) {
    const postgres = path.join(binDir, 'postgres');
    if (!isExecutableFile(path.join(binDir, 'initdb')) || !isExecutableFile(postgres)) continue;
    const out = await runCommand(postgres, ['--version'], { env, timeoutMs: 15_000 });
    const version = /(\d+(?:\.\d+)*)/.exec(out.stdout)?.[1];
    if (out.code === 0 && version) return { binDir, version, major: version.split('.')[0] };
  }
  return null;
}

/** Thrown when the cluster cannot run here (e.g. the `postgres` user cannot reach the data folder). */
export class PostgresUnavailableError extends Error {}

/** Creates the cluster on first use, starts it on a free 127.0.0.1 port and waits until it answers queries. */
export async function startPostgres(
  bin: PostgresBinaries,
  dataDir: string,
  env: NodeJS.ProcessEnv,
  log: LineLogger,
  disposable = false,
): Promise<EmbeddedPostgres> {
  const clusterPath = path.join(dataDir, 'postgres');
  const pgdata = path.join(clusterPath, 'data');
  const passwordFile = path.join(clusterPath, 'password');
  const user = await runAsUser(env);
  await mkdir(clusterPath, { recursive: true, mode: 0o700 });
  if (user) {
    // The postgres user must reach <dataDir>/postgres/data (only search permission on the folders above it).
    for (const dir of [dataDir, clusterPath]) chmodSync(dir, statSync(dir).mode | 0o011);
    const reach = await runCommand('/bin/sh', ['-c', 'cd "$1"', 'sh', clusterPath], {
      env,
      timeoutMs: 10_000,
      ...user,
    });
    if (reach.code !== 0) {
      throw new PostgresUnavailableError(
        `PostgreSQL must run as the postgres user (it refuses root), which cannot reach ${clusterPath}: ` +
          'give its parent folders search permission (chmod o+x) or choose another DATA_DIR',
      );
    }
  }

  const created = !existsSync(path.join(pgdata, 'PG_VERSION'));
  if (created) {
    rmSync(pgdata, { recursive: true, force: true }); // a half-made cluster from an interrupted initdb
    await mkdir(pgdata, { mode: 0o700 });
    const password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    if (user) {
      chownSync(pgdata, user.uid, user.gid);
      chownSync(passwordFile, user.uid, user.gid);
    }
    const init = await runCommand(
      path.join(bin.binDir, 'initdb'),
      [
        `--pgdata=${pgdata}`,
        `--username=${POSTGRES_ROLE}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      { env: { ...env, LC_ALL: 'C' }, timeoutMs: 120_000, ...user },
    );
    if (init.code !== 0) {
      rmSync(pgdata, { recursive: true, force: true });
      throw new Error(`initdb failed:\n${(init.stderr || init.stdout).trim()}`);
    }
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  await settleStalePostmaster(pgdata);

  const proc = await startWithFreePort(
    (port) => ({
      name: 'postgres',
      command: path.join(bin.binDir, 'postgres'),
      args: [
        '-D',
        pgdata,
        '-p',
        String(port),
        '-c',
        `listen_addresses=${HOST}`,
        '-c',
        'unix_socket_directories=',
        // FerretDB binds field names as parameters: only custom plans use the expression indexes (DESIGN §2.2).
        '-c',
        'plan_cache_mode=force_custom_plan',
        ...(disposable
          ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
          : []),
      ],
      env: { ...env, LC_ALL: 'C' },
      stopSignal: 'SIGINT',
      ready: (host, p, timeoutMs, options) =>
        waitForQueries(connectionString(password, p, 'postgres'), timeoutMs, options.signal),
      ...user,
    }),
    { what: 'PostgreSQL', log, beforeRestart: () => settleStalePostmaster(pgdata) },
  );
  const stop = () => proc.child.stop(10_000);
  try {
    await ensureDatabase(connectionString(password, proc.port, 'postgres'));
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: connectionString(password, proc.port, POSTGRES_DATABASE),
    major: bin.major,
    clusterPath,
    created,
    get pid() {
      return proc.child.pid ?? null;
    },
    stop,
  };
}

function connectionString(password: string, port: number, database: string): string {
  return `postgres://${POSTGRES_ROLE}:${encodeURIComponent(password)}@${HOST}:${port}/${database}`;
}

/** When root: the uid and gid of the `postgres` user (Debian's package creates it); else nothing. */
async function runAsUser(env: NodeJS.ProcessEnv): Promise<{ uid: number; gid: number } | undefined> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const [uid, gid] = await Promise.all(
    ['-u', '-g'].map(async (flag) => {
      const out = await runCommand('id', [flag, 'postgres'], { env, timeoutMs: 10_000 });
      return out.code === 0 ? Number(out.stdout.trim()) : NaN;
    }),
  );
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) {
    throw new PostgresUnavailableError(
      'PostgreSQL refuses to run as root and there is no postgres user (Debian’s postgresql package creates it)',
    );
  }
  return { uid, gid };
}

/**
 * After a crash the cluster's postmaster.pid may remain. A pid that is gone or is no longer a postgres is left to
 * PostgreSQL itself (it removes a stale file) unless the pid was reused by another program, which would make it
 * refuse to start: remove the file then. A postgres that still runs on this cluster (an orphan) is shut down.
 */
async function settleStalePostmaster(pgdata: string): Promise<void> {
  const file = path.join(pgdata, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0) return;
  const cmdline = isProcessAlive(pid) ? processCommandLine(pid) : null;
  if (cmdline?.includes('postgres') && cmdline.includes(pgdata)) {
    process.kill(pid, 'SIGINT');
    const deadline = Date.now() + 10_000;
    while (isProcessAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
  }
  if (!isProcessAlive(pid) || !processCommandLine(pid)?.includes('postgres')) rmSync(file, { force: true });
}

async function waitForQueries(url: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (err) {
      last = err;
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for PostgreSQL: ${(last as Error)?.message}`);
}

async function ensureDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [POSTGRES_DATABASE]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${POSTGRES_DATABASE}`);
  } finally {
    await client.end();
  }
}
