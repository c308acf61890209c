import { QUEUES } from '@freight/shared';
import { Job, Queue, QueueEvents } from 'bullmq';
import { Types } from 'mongoose';
import { Redis } from 'ioredis';
import { BenchClient, round, startServer, type BenchContext, type ScenarioResult } from '../lib';

/**
 * Notifications jobs per second, from enqueue to stored in MongoDB and pushed to the user's socket, with `stored`
 * notifications of other users already in the collection (each delivery counts the user's unread ones).
 */
export async function notificationJobs(ctx: BenchContext, jobs: number, stored = 0): Promise<ScenarioResult> {
  const { NotificationModel } = await import('@freight/server/features/notifications/model');
  await NotificationModel.createIndexes();
  const others = Array.from({ length: 1000 }, () => new Types.ObjectId());
  for (let i = 0; i < stored; i += 5000) {
    await NotificationModel.collection.insertMany(
      Array.from({ length: Math.min(5000, stored - i) }, (_, k) => ({
        userId: others[(i + k) % others.length],
        kind: 'general',
        title: `Stored ${i + k}`,
        body: '',
        link: null,
        readAt: (i + k) % 3 ? new Date() : null,
        dedupeKey: `stored-${i + k}`,
        createdAt: new Date(),
      })),
      { ordered: false },
    );
  }
  if (stored) ctx.log(`  seeded ${stored} stored notifications`);
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
      'stored notifications': stored,
      jobs,
      'enqueue s': round((enqueued - started) / 1000),
      'stored+pushed s': round(seconds),
      'jobs/s': round(jobs / seconds, 0),
      'stored (API total)': list.total,
    };
    ctx.log(`  notifications: ${row['jobs/s']} jobs/s`);
    return {
      name: 'Notifications through BullMQ (stored and pushed)',
      parameters: { jobs, stored, workerConcurrency: 8 },
      rows: [row],
      extra: {
        goals: [
          { figure: `notification jobs/s at ${stored} stored`, value: row['jobs/s'], goal: 'before: 32' },
        ],
      },
    };
  } finally {
    await queue.close();
    await redis.quit();
    await server.stop();
  }
}

/**
 * The daily document-expiry job (BullMQ, run by the worker) over `documents` documents of `users` carriers: most
 * valid for months, 0.02 % past their date (expired by the run), 0.1 % inside a reminder window (30, 7 or 1 day),
 * 10 % pending review. On FerretDB each reminder and each expiry is an update, and an update there reads the whole
 * collection (no pushdown), so the due shares are kept small enough for the full run to finish.
 */
export async function documentExpiryJob(
  ctx: BenchContext,
  documents: number,
  users: number,
): Promise<ScenarioResult> {
  const { documentTypesFor } = await import('@freight/shared');
  const { DocumentModel } = await import('@freight/server/features/documents/model');
  const { UserModel } = await import('@freight/server/features/users/model');
  const now = new Date();
  const day = 24 * 60 * 60 * 1000;
  const userIds = Array.from({ length: users }, () => new Types.ObjectId());
  await UserModel.collection.insertMany(
    userIds.map((_id, i) => ({
      _id,
      email: `expiry.${i}.${_id.toHexString()}@bench.local`,
      firstName: 'Bench',
      lastName: `Expiry ${i}`,
      userType: 'carrier',
      isVerified: true,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const types = documentTypesFor('carrier');
  const t0 = performance.now();
  for (let i = 0; i < documents; i += 5000) {
    await DocumentModel.collection.insertMany(
      Array.from({ length: Math.min(5000, documents - i) }, (_, k) => {
        const n = i + k;
        const days = n % 5000 === 0 ? -1 - (n % 3) : n % 1000 === 1 ? [30, 6, 1][n % 3] : 200 + (n % 165);
        return {
          userId: userIds[n % users],
          documentType: types[n % types.length],
          fileName: `doc-${n}.pdf`,
          storageKey: `bench-${n}`,
          fileSize: 1000,
          mimeType: 'application/pdf',
          status: n % 10 === 5 ? 'pending' : 'approved',
          expirationDate: new Date(now.getTime() + days * day),
          uploadedAt: now,
          reviewedAt: null,
          reviewedBy: null,
          rejectionReason: null,
          remindersSent: [],
          expiredAt: null,
          createdAt: now,
          updatedAt: now,
        };
      }),
      { ordered: false },
    );
  }
  const seedSeconds = round((performance.now() - t0) / 1000, 1);
  ctx.log(`  seeded ${documents} documents (${seedSeconds} s)`);
  const server = await startServer(ctx, { services: 'worker' });
  const redis = new Redis(ctx.redisUrl, { maxRetriesPerRequest: null });
  const prefix = `${ctx.serverEnv.REDIS_PREFIX}bull`;
  const queue = new Queue(QUEUES.documentExpiry, { connection: redis, prefix });
  const eventsRedis = redis.duplicate();
  const events = new QueueEvents(QUEUES.documentExpiry, { connection: eventsRedis, prefix });
  try {
    await events.waitUntilReady();
    const job = await queue.add('bench-run', { now: now.toISOString() });
    const report = (await job.waitUntilFinished(events, 60 * 60 * 1000)) as {
      remindersSent: number;
      expired: number;
      usersRecomputed: number;
    };
    const done = await Job.fromId(queue, job.id!);
    const seconds = round(((done?.finishedOn ?? 0) - (done?.processedOn ?? 0)) / 1000, 2);
    ctx.log(`  document expiry over ${documents}: ${seconds} s`);
    return {
      name: 'Document-expiry job (BullMQ worker)',
      parameters: { documents, users, expiredShare: '0.02 %', reminderShare: '0.1 %', pendingShare: '10 %' },
      extra: {
        goals: [
          {
            figure: `document-expiry documents/s at ${documents} documents`,
            value: round(documents / Math.max(seconds, 0.001), 0),
            goal: 'before: 405',
          },
        ],
      },
      rows: [
        {
          documents,
          'job s': seconds,
          'documents/s': round(documents / Math.max(seconds, 0.001), 0),
          'reminders queued': report.remindersSent,
          expired: report.expired,
          'users recomputed': report.usersRecomputed,
        },
      ],
    };
  } finally {
    await events.close();
    await queue.close();
    // A connection handed to QueueEvents stays open when it closes.
    await eventsRedis.quit();
    await redis.quit();
    await server.stop();
  }
}
