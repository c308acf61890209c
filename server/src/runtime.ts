import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import { BOOT_WAIT_MS, MONGO_OPTIONS, REDIS_COMMAND_OPTIONS, libraryConnection } from './infra/availability';
import { ensureFerretIndexes } from './infra/ferretIndexes';
import { createLogger } from './infra/logger';
import { loadSecrets } from './infra/secrets';
import { createFileStore } from './infra/storage';
import { bindInfrastructure } from './infra/services';
import type { Config } from './config';
import type { Runtime, RuntimeOptions } from './runtimeTypes';
import { closeQueues } from './queues';
import { setLinkBase } from './features/account/links';
import { setPublisher } from './realtime/publish';
import { repairAfterCrash } from './repairs';
import { startProjectorRunner } from './events/projectors';
import './projectors';
// Tracking's checks and reactions on a load's moves (the delivery rules, the chat room), registered with freight's
// status machine before any load moves.
import './features/tracking/loadMoves';
import { RETIRED_STOP_EVENT_INDEX, StopEventModel } from './features/tracking/model';

export type { Runtime, RuntimeOptions } from './runtimeTypes';

const ignoreMissingCollection = (err: { codeName?: string; message?: string }) => {
  if (err.codeName !== 'NamespaceNotFound' && !/ns not found/i.test(err.message ?? '')) throw err;
};
const ignoreMissingIndex = (err: { codeName?: string; message?: string }) => {
  if (err.codeName === 'IndexNotFound' || /index not found|can't find index/i.test(err.message ?? '')) return;
  ignoreMissingCollection(err);
};

/** Every model's collection and indexes, and FerretDB's indexes on PostgreSQL (DESIGN §2). */
async function makeSchema(config: Config): Promise<void> {
  // The retired unique-index transition locks (issue 10): dropped once at start so what they held is freed.
  await mongoose.connection.dropCollection('transitionlocks').catch(ignoreMissingCollection);
  // A stop report was unique by kind until loads had stops in between (issue 39): that index would refuse a second
  // stop_done, so it goes before the new one (kind and stop) is made.
  await StopEventModel.collection.dropIndex(RETIRED_STOP_EVENT_INDEX).catch(ignoreMissingIndex);
  await Promise.all(
    Object.values(mongoose.models).map(async (m) => {
      await m.createCollection();
      await m.createIndexes();
    }),
  );
  if (config.FERRETDB_POSTGRES_URL)
    await ensureFerretIndexes(
      config.FERRETDB_POSTGRES_URL,
      config.MONGODB_DB,
      Object.values(mongoose.models),
    );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Connects mongoose, waiting up to BOOT_WAIT_MS for a database that is still starting. */
async function connectMongo(uri: string, dbName: string): Promise<void> {
  const deadline = Date.now() + BOOT_WAIT_MS;
  for (;;) {
    try {
      await mongoose.connect(uri, { dbName, ...MONGO_OPTIONS });
      return;
    } catch (err) {
      if (Date.now() >= deadline) throw err;
      await mongoose.disconnect().catch(() => undefined);
      await sleep(500);
    }
  }
}

/** Connects the command connection, waiting up to BOOT_WAIT_MS for a Redis that is still starting. */
async function connectRedis(redis: Redis): Promise<void> {
  const deadline = Date.now() + BOOT_WAIT_MS;
  await redis.connect().catch(() => undefined); // it keeps retrying by itself
  while (redis.status !== 'ready') {
    if (Date.now() >= deadline) {
      redis.disconnect();
      throw new Error(`Redis did not answer within ${BOOT_WAIT_MS / 1000} s`);
    }
    await sleep(100);
  }
}

export async function createRuntime({
  config,
  mongoUri,
  redisUrl,
  log,
  schemaInPlace = false,
}: RuntimeOptions): Promise<Runtime> {
  const logger = log ?? createLogger(config.LOG_LEVEL);
  const secrets = loadSecrets(config);
  const files = createFileStore(config.DATA_DIR, secrets.fileEncryptionKey);
  mongoose.set('strictQuery', true);
  // Collections and indexes are made below, on the database this runtime connects to: mongoose's own automatic
  // Model.init() runs once per process, for whichever database was connected first.
  mongoose.set('autoCreate', false);
  mongoose.set('autoIndex', false);
  await connectMongo(mongoUri, config.MONGODB_DB);
  if (!schemaInPlace) await makeSchema(config);

  // Fails fast while Redis is away (infra/availability.ts); connections that may wait are duplicates of it with
  // REDIS_QUEUED_OPTIONS (subscribers, Socket.IO, BullMQ workers).
  const redis = new Redis(redisUrl, REDIS_COMMAND_OPTIONS);
  redis.on('error', (err: Error) => logger.debug(`redis: ${err.message}`));
  await connectRedis(redis);
  // The one way modules reach Redis, the queues, the file store, the secrets and the logger (infra/services.ts).
  bindInfrastructure({
    redis,
    redisPrefix: config.REDIS_PREFIX,
    log: logger,
    secrets,
    files,
    rateLimitsEnabled: config.RATE_LIMITS_ENABLED,
    apiKeyRequestsPerMinute: config.API_KEY_REQUESTS_PER_MINUTE,
    webhookAllowedPrivateTargets: config.WEBHOOK_ALLOWED_PRIVATE_TARGETS,
    passwordHashing: config.PASSWORD_HASHING,
    passwordStrengthCheck: config.PASSWORD_STRENGTH_CHECK,
    geocoderUrl: config.GEOCODER_URL ?? null,
  });
  // The worker role's email links too point at PUBLIC_URL (the web role sets the base again once it listens).
  if (config.PUBLIC_URL) setLinkBase(config.PUBLIC_URL);
  if (!config.RATE_LIMITS_ENABLED)
    logger.warn('Rate limits are off (RATE_LIMITS_ENABLED=false): for load tests only.');
  const socketIoKey = `${config.REDIS_PREFIX}socket.io`;

  // Until a web role installs the Socket.IO server as publisher, events go out through the Redis emitter.
  const emitterRedis = libraryConnection(redis);
  const emitter = new Emitter(emitterRedis, { key: socketIoKey });
  setPublisher((rooms, event, payload, except) =>
    emitter
      .to(rooms)
      .except(except ?? [])
      .emit(event as never, payload as never),
  );
  await repairAfterCrash(logger);
  const projectors = startProjectorRunner({ redis, prefix: config.REDIS_PREFIX, log: logger });

  return {
    config,
    log: logger,
    secrets,
    mongoUri,
    redisUrl,
    redisPrefix: config.REDIS_PREFIX,
    redis,
    socketIoKey,
    files,
    projectors,
    async close() {
      await projectors.stop();
      setPublisher(null);
      await closeQueues();
      await redis.quit().catch(() => undefined);
      await emitterRedis.quit().catch(() => undefined);
      await mongoose.disconnect();
    },
  };
}
