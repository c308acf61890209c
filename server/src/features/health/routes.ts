import { Router } from 'express';
import mongoose from 'mongoose';
import { SERVICE_UNAVAILABLE_MESSAGE, SERVICE_WAIT_MS } from '../../infra/availability';
import { queueHealth } from '../../queues';
import type { Runtime } from '../../runtime';

async function check<T>(
  fn: () => Promise<T>,
): Promise<{ ok: true; detail: T } | { ok: false; error: string }> {
  try {
    return { ok: true, detail: await fn() };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}

/**
 * 200 when MongoDB, Redis and the queues answer; 503 naming what is down otherwise, within about a second (each
 * check runs at once and gets SERVICE_WAIT_MS).
 */
export function createHealthRouter(rt: Runtime): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const withTimeout = <T>(p: Promise<T>) =>
      Promise.race([
        p,
        new Promise<T>((_, rej) => setTimeout(() => rej(new Error('timed out')), SERVICE_WAIT_MS).unref()),
      ]);
    const [mongo, redis, queues] = await Promise.all([
      check(() => {
        const db = mongoose.connection.db;
        return withTimeout(db ? db.admin().ping() : Promise.reject(new Error('not connected')));
      }),
      check(() => withTimeout(rt.redis.ping())),
      check(() => withTimeout(queueHealth())),
    ]);
    const ok = mongo.ok && redis.ok && queues.ok;
    res.status(ok ? 200 : 503).json({
      status: ok ? 'ok' : 'degraded',
      ...(ok ? {} : { message: SERVICE_UNAVAILABLE_MESSAGE }),
      mongodb: mongo.ok ? 'up' : `down: ${mongo.error}`,
      redis: redis.ok ? 'up' : `down: ${redis.error}`,
      queues: queues.ok ? queues.detail : `down: ${queues.error}`,
    });
  });
  return router;
}
