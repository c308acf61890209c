import type { Redis, RedisOptions } from 'ioredis';
import mongoose, { type ConnectOptions } from 'mongoose';
import {
  ClientClosedError,
  ClientOfflineError,
  ConnectionTimeoutError,
  SocketClosedUnexpectedlyError,
  TimeoutError,
  type RedisClientOptions,
} from 'redis';

/**
 * How the app behaves while MongoDB (FerretDB) or Redis is down (issue 12 item 7): every call fails within about a
 * second instead of waiting for the service, the request answers 503 with a clear message, and the connections come
 * back by themselves within a second or two of the service's return, with no work queued up meanwhile to replay.
 */

/** How long one call may wait for a service that does not answer before the request is told it is unavailable. */
export const SERVICE_WAIT_MS = 1_000;
/**
 * How long a command on a connected Redis may take. A stopped Redis fails commands at once (no offline queue), so
 * this bounds only a Redis that hangs; it is longer than SERVICE_WAIT_MS because a busy process (an event loop held
 * for a second by a large start-up or a CPU-starved machine) must not turn a slow reply into a 503.
 */
const REDIS_COMMAND_TIMEOUT_MS = 5_000;
/** The longest pause between two reconnection attempts. */
const RECONNECT_CAP_MS = 1_000;
/** At boot the services may still be starting: wait this long for them before giving up. */
export const BOOT_WAIT_MS = 30_000;

export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.';

const reconnectDelay = (attempt: number) => Math.min(attempt * 100, RECONNECT_CAP_MS);

/**
 * mongoose: no buffering of model calls while disconnected (they would wait up to 10 s, then pile up), server
 * selection gives up after a second, and the monitor checks a lost server every second so it is found again quickly.
 */
export const MONGO_OPTIONS: ConnectOptions = {
  serverSelectionTimeoutMS: SERVICE_WAIT_MS,
  heartbeatFrequencyMS: 1_000,
  bufferCommands: false,
};

/**
 * The runtime's command connection (leases, counters, throttles, rate limits, queues' producers, health): commands
 * fail at once while Redis is away (no offline queue, no retries), a hung command gets five seconds at most, and the
 * connection is retried at least every second.
 */
export const REDIS_COMMAND_OPTIONS: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: SERVICE_WAIT_MS * 2,
  retryStrategy: reconnectDelay,
};

/**
 * Connections whose commands may wait for Redis: subscribers, the Socket.IO adapter and emitter (their libraries
 * publish without handling a rejection) and BullMQ workers' blocking reads (BullMQ requires
 * maxRetriesPerRequest: null). Nothing a request waits on goes through them.
 */
export const REDIS_QUEUED_OPTIONS: RedisOptions = {
  lazyConnect: false,
  enableOfflineQueue: true,
  maxRetriesPerRequest: null,
  commandTimeout: undefined,
  retryStrategy: reconnectDelay,
};

/** Commands Socket.IO's adapter and emitter send without looking at the answer. */
const UNHEEDED_COMMANDS = ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;

/**
 * A queued connection for a library that sends commands without handling their answers (Socket.IO's Redis adapter
 * subscribes and publishes, its emitter publishes): a command still waiting when the connection is shut down is
 * rejected with nobody listening, which Node reports as an unhandled rejection. The promise callers get is
 * unchanged; it is only marked as handled.
 */
export function libraryConnection(base: Redis): Redis {
  const client = base.duplicate(REDIS_QUEUED_OPTIONS);
  client.on('error', () => undefined); // the command connection reports Redis outages
  for (const command of UNHEEDED_COMMANDS) {
    const send = (client[command] as (...args: unknown[]) => Promise<unknown>).bind(client);
    Object.assign(client, {
      [command]: (...args: unknown[]) => {
        const sent = send(...args);
        sent.catch(() => undefined);
        return sent;
      },
    });
  }
  return client;
}

/** node-redis (the session store): the same rules as REDIS_COMMAND_OPTIONS. */
export function sessionRedisOptions(url: string): RedisClientOptions {
  return {
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS },
    socket: { connectTimeout: SERVICE_WAIT_MS * 2, reconnectStrategy: reconnectDelay },
  };
}

const MONGO_OUTAGE_ERRORS = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'MongoTopologyClosedError',
]);

/** ioredis's own messages when it cannot send a command or get its answer. */
const IOREDIS_OUTAGE =
  /Stream isn't writeable|Connection is closed|Command timed out|MaxRetriesPerRequest|connect ECONNREFUSED|ETIMEDOUT|ECONNRESET/;

/**
 * PostgreSQL not answering, as SQLSTATE codes: class 08 (connection exception), 57P01–57P03 (shut down, crashed,
 * not accepting connections yet), 53300 (too many connections).
 */
const POSTGRES_OUTAGE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;
/** The same, and pgx's connection failures, as FerretDB relays them inside a MongoServerError's text. */
const FERRET_POSTGRES_OUTAGE =
  /SQLSTATE (08[0-9A-Z]{3}|57P0[1-3]|53300)|failed to connect to|dial tcp|conn closed|connection reset by peer|broken pipe|unexpected EOF|server refused TLS connection/;
/** Node's socket errors: the service's port does not answer. */
const SOCKET_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/** The disk the uploads are written to: full, over quota, read-only or failing. */
const STORAGE_ERRNO = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

export type OutageService = 'mongodb' | 'postgresql' | 'redis' | 'storage';

/**
 * Which service an error says is unreachable (null: not an outage, a real failure to report). MongoDB's driver
 * errors (FerretDB's process gone reads the same), PostgreSQL behind FerretDB (a MongoServerError carrying the
 * SQLSTATE or pgx's dial error), node-postgres (a SQLSTATE `code`, or a socket errno), ioredis and node-redis.
 */
export function outageOf(err: unknown): OutageService | null {
  const service = classify(err);
  if (service) lastOutageAt = Date.now();
  return service;
}

let lastOutageAt = 0;

/**
 * Whether a service looks down now: an outage error was seen within the last 5 s, or the Redis command connection or
 * mongoose is not connected. (A socket ack still waiting at its deadline is answered 503 only then; on a healthy
 * but busy machine it waits on.)
 */
export function outageSuspected(redisStatus?: string): boolean {
  return (
    Date.now() - lastOutageAt < 5_000 ||
    (redisStatus !== undefined && redisStatus !== 'ready') ||
    mongoose.connection.readyState !== 1
  );
}

function classify(err: unknown): OutageService | null {
  if (!(err instanceof Error)) return null;
  if (MONGO_OUTAGE_ERRORS.has(err.name) || err instanceof mongoose.mongo.MongoNetworkError) return 'mongodb';
  if (/buffering timed out/.test(err.message)) return 'mongodb';
  if (err instanceof mongoose.mongo.MongoServerError && FERRET_POSTGRES_OUTAGE.test(err.message))
    return 'postgresql';
  const code = (err as { code?: unknown }).code;
  // node-postgres: a DatabaseError (SQLSTATE in `code`, `severity` set) or a socket error on its connection.
  if (typeof code === 'string' && 'severity' in err && POSTGRES_OUTAGE_SQLSTATE.test(code))
    return 'postgresql';
  if (
    /Connection terminated( unexpectedly| due to connection timeout)?|timeout expired/.test(err.message) &&
    !('command' in err)
  )
    return 'postgresql';
  if (
    err instanceof ClientOfflineError ||
    err instanceof ClientClosedError ||
    err instanceof ConnectionTimeoutError ||
    err instanceof SocketClosedUnexpectedlyError ||
    err instanceof TimeoutError ||
    err.name === 'MaxRetriesPerRequestError' ||
    IOREDIS_OUTAGE.test(err.message)
  ) {
    return 'redis';
  }
  // A bare socket error from a driver that does not wrap it (node-postgres's connect): a service is unreachable.
  if (typeof code === 'string' && SOCKET_ERRNO.has(code)) return 'postgresql';
  if (typeof code === 'string' && STORAGE_ERRNO.has(code)) return 'storage';
  return null;
}
