import { QUEUES } from '@freight/shared';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { BenchClient, round, startServer, type BenchContext, type ScenarioResult } from '../lib';

/** Notifications jobs per second, from enqueue to stored in MongoDB and pushed to the user's socket. */
export async function notificationJobs(ctx: BenchContext, jobs: number): Promise<ScenarioResult> {
  const server = await startServer(ctx, { services: 'web,worker' });
  const redis = new Redis(ctx.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUES.notifications, {
    connection: redis,
    prefix: `${ctx.serverEnv.REDIS_PREFIX}bull`,
  });
  try {
    const client = await new BenchClient(server.url).signUp('shipper', 'jobs');
    const socket = await client.socket();
    let pushed = 0;
    const allPushed = new Promise<number>((resolve) => {
      socket.on('notification:new', (p) => {
        if (p.notification.kind !== 'general') return;
        if (++pushed === jobs) resolve(performance.now());
      });
    });
    const started = performance.now();
    for (let i = 0; i < jobs; i += 500) {
      await queue.addBulk(
        Array.from({ length: Math.min(500, jobs - i) }, (_, k) => ({
          name: 'general',
          data: { userId: client.userId, kind: 'general', title: `Bench ${i + k}`, body: '' },
        })),
      );
    }
    const enqueued = performance.now();
    const done = await allPushed;
    const seconds = (done - started) / 1000;
    const list = await client.json<{ total: number }>('GET', '/api/notifications?pageSize=1');
    socket.disconnect();
    const row = {
      jobs,
      'enqueue s': round((enqueued - started) / 1000),
      'stored+pushed s': round(seconds),
      'jobs/s': round(jobs / seconds, 0),
      'stored (API total)': list.total,
    };
    ctx.log(`  notifications: ${row['jobs/s']} jobs/s`);
    return {
      name: 'Notifications through BullMQ (stored and pushed)',
      parameters: { jobs, workerConcurrency: 8 },
      rows: [row],
    };
  } finally {
    await queue.close();
    await redis.quit();
    await server.stop();
  }
}
