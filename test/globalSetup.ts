import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureMongo, ensureRedis } from '@freight/dev-services';

import './providedContext';

/**
 * Starts the real services once per run: MongoDB (MONGODB_URI, a mongod, or FerretDB on a private PostgreSQL
 * cluster in the temporary folder, as `npm start` does; `.data/bin` is searched so CI's pre-built FerretDB is found) and Redis (REDIS_URL or a private redis-server). Test files then share
 * them, each with its own database name and Redis key prefix.
 */
export default async function setup(project: TestProject) {
  const repo = path.resolve(import.meta.dirname, '..');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'freight-test-'));
  const env = {
    ...process.env,
    PATH: `${path.join(repo, '.data', 'bin')}${path.delimiter}${process.env.PATH}`,
  };
  const log = (msg: string) => console.log(`[test services] ${msg}`);
  const mongo = await ensureMongo({ dataDir, log, env, disposable: true });
  const redis = await ensureRedis({ dataDir, log, env });
  log(`MongoDB: ${mongo.label} at ${mongo.uri}; Redis at ${redis.uri}`);
  project.provide('mongoUri', mongo.uri);
  project.provide('redisUrl', redis.uri);
  project.provide('ferretdbPostgresUrl', mongo.postgresUrl ?? '');
  process.env.TEST_MONGODB_URI = mongo.uri;
  process.env.TEST_REDIS_URL = redis.uri;
  process.env.TEST_FERRETDB_POSTGRES_URL = mongo.postgresUrl ?? '';
  return async () => {
    await Promise.allSettled([mongo.stop(), redis.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
