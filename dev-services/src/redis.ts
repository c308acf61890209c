import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { toLineLogger } from './log';
import type { EnsureServiceOptions } from './mongo';
import { waitForRedis } from './ports';
import { findExecutable, startWithFreePort } from './processes';

export type RedisKind = 'external' | 'redis-server';

export interface EmbeddedRedis {
  /** `redis://127.0.0.1:<port>`, or REDIS_URL. */
  url: string;
  /** The same as `url` (named like EmbeddedMongo's). */
  uri: string;
  kind: RedisKind;
  /** What runs, for the start-up line: `redis-server` or `external (REDIS_URL)`. */
  label: string;
  /** Absolute folder holding the append-only file, null when external. */
  dataPath: string | null;
  pid: number | null;
  /** Stops what the launcher started (SIGTERM, SIGKILL after 5 s); nothing for an external server. Idempotent. */
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';

/**
 * A Redis to talk to: REDIS_URL → `redis-server` on PATH, started on a free 127.0.0.1 port with an append-only
 * file in `<dataDir>/redis` (so data survives restarts) → an Error saying how to get one.
 */
export async function ensureRedis(options: EnsureServiceOptions): Promise<EmbeddedRedis> {
  const env = options.env ?? process.env;
  const log = toLineLogger(options.log);
  if (env.REDIS_URL) {
    return {
      url: env.REDIS_URL,
      uri: env.REDIS_URL,
      kind: 'external',
      label: 'external (REDIS_URL)',
      dataPath: null,
      pid: null,
      stop: async () => undefined,
    };
  }
  const binary = findExecutable('redis-server', env);
  if (!binary)
    throw new Error('Redis not found: set REDIS_URL or install redis-server (apt-get install redis-server)');

  const dir = path.join(path.resolve(options.dataDir), 'redis');
  await mkdir(dir, { recursive: true });
  const { child, port } = await startWithFreePort(
    (p) => ({
      name: 'redis-server',
      command: binary,
      args: [
        '--port',
        String(p),
        '--bind',
        HOST,
        '--protected-mode',
        'yes',
        '--dir',
        dir,
        '--appendonly',
        'yes',
        // Every acknowledged write is on disk before the answer: a killed redis-server loses nothing it confirmed.
        '--appendfsync',
        'always',
        '--save',
        '',
        '--daemonize',
        'no',
        '--loglevel',
        'warning',
      ],
      env,
      // The port opens before the append-only file is loaded; ready means PING answers PONG.
      ready: waitForRedis,
    }),
    { what: 'Redis (redis-server)', log },
  );
  const url = `redis://${HOST}:${port}`;
  return {
    url,
    uri: url,
    kind: 'redis-server',
    label: 'redis-server',
    dataPath: dir,
    get pid() {
      return child.pid ?? null;
    },
    stop: () => child.stop(),
  };
}
