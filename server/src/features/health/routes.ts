import { Router } from 'express';
import mongoose from 'mongoose';
import {
  outageOf,
  SERVICE_UNAVAILABLE_MESSAGE,
  SERVICE_WAIT_MS,
  type OutageService,
} from '../../infra/availability';
import { queueHealth } from '../../queues';
import type { Runtime } from '../../runtimeTypes';

type State = 'up' | 'down';

/** Runs one check within SERVICE_WAIT_MS; which service failed (by the error's kind), never the error's text. */
async function check(fn: () => Promise<unknown>, service: OutageService): Promise<OutageService | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, rej) => {
        timer = setTimeout(() => rej(new Error('timed out')), SERVICE_WAIT_MS);
      }),
    ]);
    return null;
  } catch (err) {
    return outageOf(err) ?? service;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * 200 when MongoDB (and, under FerretDB, its PostgreSQL), Redis and the queues answer; 503 naming what is down
 * otherwise, within about a second. It says which service is down and nothing more: driver messages carry call
 * sites, hosts, users and database names, which are nobody's business here (the server's log has them).
 */
export function createHealthRouter(rt: Runtime): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const [mongo, redis, queues] = await Promise.all([
      // A read that reaches the storage: FerretDB answers a ping while its PostgreSQL is down.
      check(async () => {
        const db = mongoose.connection.db;
        if (!db) throw new mongoose.mongo.MongoNotConnectedError('not connected');
        await db.collection('users').findOne({}, { projection: { _id: 1 } });
      }, 'mongodb'),
      check(() => rt.redis.ping(), 'redis'),
      check(() => queueHealth(), 'redis'),
    ]);
    const state = (down: boolean): State => (down ? 'down' : 'up');
    const ok = !mongo && !redis && !queues;
    res.status(ok ? 200 : 503);
    if (!ok) res.setHeader('Retry-After', '5');
    res.json({
      status: ok ? 'ok' : 'degraded',
      ...(ok ? {} : { message: SERVICE_UNAVAILABLE_MESSAGE }),
      mongodb: state(mongo === 'mongodb'),
      ...(rt.config.FERRETDB_POSTGRES_URL || mongo === 'postgresql'
        ? { postgresql: state(mongo === 'postgresql') }
        : {}),
      redis: state(redis !== null),
      queues: state(queues !== null),
    });
  });
  return router;
}
