import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { displayPath, toLineLogger } from './log';

export { displayPath };
import { ensureMongo, type EmbeddedMongo, type EnsureServiceOptions } from './mongo';
import { canConnect } from './ports';
import { isProcessAlive, processCommandLine } from './processes';
import { ensureRedis, type EmbeddedRedis } from './redis';

export const SERVICES_FILE = 'services.json';

/** `<dataDir>/services.json` while a launcher runs, so that CLI tools (create-admin, jobs) find its services. */
export interface ServicesFile {
  /** The process that started (and owns) the services. */
  pid: number;
  startedAt: string;
  dataDir: string;
  mongoUri: string;
  mongoKind: EmbeddedMongo['kind'];
  /** FerretDB on PostgreSQL: the cluster's URL, for FERRETDB_POSTGRES_URL. */
  postgresUrl?: string | null;
  redisUrl: string;
  redisKind: EmbeddedRedis['kind'];
  /** The service processes the launcher started. */
  children: { name: string; pid: number }[];
}

export interface EmbeddedServices {
  mongoUri: string;
  redisUrl: string;
  /** FerretDB on PostgreSQL: the cluster's URL (FERRETDB_POSTGRES_URL for the index set-up); else null. */
  postgresUrl: string | null;
  mongo: EmbeddedMongo;
  redis: EmbeddedRedis;
  /** Stops both services and removes services.json. Idempotent. */
  stop(): Promise<void>;
}

export interface StartEmbeddedOptions extends EnsureServiceOptions {
  /**
   * For CLI tools: when a live launcher already runs services on this data folder (services.json), use them
   * instead of failing; stop() then leaves them running.
   */
  reuseRunning?: boolean;
}

/**
 * Finds or starts MongoDB and Redis (see ensureMongo / ensureRedis), prints one line per service, and records them
 * in `<dataDir>/services.json` until stop() (or process exit).
 */
export async function startEmbeddedServices(options: StartEmbeddedOptions): Promise<EmbeddedServices> {
  const dataDir = path.resolve(options.dataDir);
  const log = toLineLogger(options.log);
  const env = options.env ?? process.env;
  mkdirSync(dataDir, { recursive: true });
  const embedding = !env.MONGODB_URI || !env.REDIS_URL;
  if (embedding && options.reuseRunning) {
    const running = await readRunningServices(dataDir);
    if (running) return reuse(running, env, log.info);
  }
  if (embedding) await settlePreviousRun(dataDir, log.info);

  const [mongoResult, redisResult] = await Promise.allSettled([
    ensureMongo({ ...options, dataDir, env }),
    ensureRedis({ ...options, dataDir, env }),
  ]);
  if (mongoResult.status === 'rejected' || redisResult.status === 'rejected') {
    if (mongoResult.status === 'fulfilled') await mongoResult.value.stop();
    if (redisResult.status === 'fulfilled') await redisResult.value.stop();
    const errors = [mongoResult, redisResult].flatMap((r) =>
      r.status === 'rejected' ? [r.reason as Error] : [],
    );
    if (errors.length === 1) throw errors[0];
    throw new Error(errors.map((e) => e.message).join('\n'), { cause: errors[0] });
  }
  const mongo = mongoResult.value;
  const redis = redisResult.value;
  log.info(serviceLine('MongoDB', mongo));
  log.info(serviceLine('Redis', redis));

  const file = path.join(dataDir, SERVICES_FILE);
  const record: ServicesFile = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    dataDir,
    mongoUri: mongo.uri,
    mongoKind: mongo.kind,
    postgresUrl: mongo.postgresUrl,
    redisUrl: redis.url,
    redisKind: redis.kind,
    children: [
      ...(mongo.pid ? [{ name: mongo.kind, pid: mongo.pid }] : []),
      ...mongo.children,
      ...(redis.pid ? [{ name: redis.kind, pid: redis.pid }] : []),
    ],
  };
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  const removeFile = () => {
    try {
      if ((JSON.parse(readFileSync(file, 'utf8')) as ServicesFile).pid === process.pid)
        rmSync(file, { force: true });
    } catch {
      // missing or unreadable: nothing of ours to remove
    }
  };
  process.on('exit', removeFile);

  let stopping: Promise<void> | null = null;
  return {
    mongoUri: mongo.uri,
    redisUrl: redis.url,
    postgresUrl: mongo.postgresUrl,
    mongo,
    redis,
    stop() {
      stopping ??= (async () => {
        process.off('exit', removeFile);
        removeFile();
        await Promise.all([mongo.stop(), redis.stop()]);
      })();
      return stopping;
    },
  };
}

/** The services of another live launcher, as an EmbeddedServices whose stop() leaves them running. */
function reuse(record: ServicesFile, env: NodeJS.ProcessEnv, info: (line: string) => void): EmbeddedServices {
  const owner = `started by process ${record.pid}`;
  const childPid = (name: string) => record.children.find((c) => c.name === name)?.pid ?? null;
  const mongo: EmbeddedMongo = env.MONGODB_URI
    ? {
        uri: env.MONGODB_URI,
        kind: 'external',
        label: 'external (MONGODB_URI)',
        dataPath: null,
        pid: null,
        postgresUrl: null,
        children: [],
        stop: noop,
      }
    : {
        uri: record.mongoUri,
        kind: record.mongoKind,
        label: `${record.mongoKind} (${owner})`,
        dataPath: null,
        pid: childPid(record.mongoKind),
        postgresUrl: record.postgresUrl ?? null,
        children: [],
        stop: noop,
      };
  const redisUrl = env.REDIS_URL || record.redisUrl;
  const redis: EmbeddedRedis = env.REDIS_URL
    ? {
        url: redisUrl,
        uri: redisUrl,
        kind: 'external',
        label: 'external (REDIS_URL)',
        dataPath: null,
        pid: null,
        stop: noop,
      }
    : {
        url: redisUrl,
        uri: redisUrl,
        kind: record.redisKind,
        label: `${record.redisKind} (${owner})`,
        dataPath: null,
        pid: childPid(record.redisKind),
        stop: noop,
      };
  info(serviceLine('MongoDB', mongo));
  info(serviceLine('Redis', redis));
  return {
    mongoUri: mongo.uri,
    redisUrl: redis.url,
    postgresUrl: mongo.postgresUrl,
    mongo,
    redis,
    stop: noop,
  };
}

/** The variables that point a process (and its configuration) at these services. */
export function servicesEnv(services: EmbeddedServices): Record<string, string> {
  return {
    MONGODB_URI: services.mongoUri,
    REDIS_URL: services.redisUrl,
    ...(services.postgresUrl ? { FERRETDB_POSTGRES_URL: services.postgresUrl } : {}),
  };
}

async function noop(): Promise<void> {}

function serviceLine(name: string, service: EmbeddedMongo | EmbeddedRedis): string {
  if (service.kind === 'external') return `${name}: ${service.label}`;
  return `${name}: ${service.label} at ${service.uri}${service.dataPath ? ` (data in ${displayPath(service.dataPath)})` : ''}`;
}

/**
 * The services recorded in `<dataDir>/services.json` when the process that started them is still running and they
 * still answer; otherwise null. For CLI tools: prefer MONGODB_URI / REDIS_URL, then this, then start your own.
 */
export async function readRunningServices(dataDir: string): Promise<ServicesFile | null> {
  const record = readServicesFile(path.resolve(dataDir));
  if (!record || !isProcessAlive(record.pid)) return null;
  return (await answers(record)) ? record : null;
}

function readServicesFile(dataDir: string): ServicesFile | null {
  try {
    const record = JSON.parse(readFileSync(path.join(dataDir, SERVICES_FILE), 'utf8')) as ServicesFile;
    return typeof record.pid === 'number' && typeof record.mongoUri === 'string' ? record : null;
  } catch {
    return null;
  }
}

/** Whether the embedded services of a record accept connections (external ones are not checked). */
async function answers(record: ServicesFile): Promise<boolean> {
  const checks: Promise<boolean>[] = [];
  if (record.mongoKind !== 'external') checks.push(urlAnswers(record.mongoUri));
  if (record.redisKind !== 'external') checks.push(urlAnswers(record.redisUrl));
  return (await Promise.all(checks)).every(Boolean);
}

async function urlAnswers(uri: string): Promise<boolean> {
  const match = /^[a-z+]+:\/\/(?:[^@/]*@)?\[?([^\]/:]+)\]?:(\d+)/i.exec(uri);
  return match ? canConnect(match[1], Number(match[2]), 1_000) : false;
}

/**
 * Before starting services on a data folder: refuse when another live launcher owns it (two redis-servers on one
 * append-only file would corrupt it); after a launcher that died, give its children (which got SIGTERM through the
 * parent-death signal) up to 10 s to finish writing, then SIGKILL any that are still ours.
 */
async function settlePreviousRun(dataDir: string, info: (line: string) => void): Promise<void> {
  const record = readServicesFile(dataDir);
  if (!record || record.pid === process.pid) return;
  if (isProcessAlive(record.pid) && (await answers(record))) {
    throw new Error(
      `The services in ${displayPath(dataDir)} are already in use by process ${record.pid} ` +
        `(MongoDB ${record.mongoUri}, Redis ${record.redisUrl}; see ${path.join(displayPath(dataDir), SERVICES_FILE)}). ` +
        'Stop that process, use another DATA_DIR, or set MONGODB_URI and REDIS_URL.',
    );
  }
  const ours = (child: { name: string; pid: number }) =>
    isProcessAlive(child.pid) && (processCommandLine(child.pid)?.includes(child.name) ?? false);
  const leftovers = (record.children ?? []).filter(ours);
  if (leftovers.length > 0) {
    info(
      `Waiting for ${leftovers.map((c) => `${c.name} (pid ${c.pid})`).join(' and ')} of a previous run to stop…`,
    );
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && leftovers.some(ours)) await new Promise((r) => setTimeout(r, 200));
    for (const child of leftovers.filter(ours)) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
  }
  rmSync(path.join(dataDir, SERVICES_FILE), { force: true });
}
