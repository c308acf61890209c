import { getQueue, queuePrefix } from '@freight/server/queues';
import { REDIS_QUEUED_OPTIONS } from '@freight/server/infra/availability';
import type { Runtime } from '@freight/server/runtime';
import { Worker } from 'bullmq';
import { processors } from './processors';
import type { ProcessorDefinition } from './processors/types';

export interface WorkerService {
  workers: Worker[];
  /** Finishes the jobs in hand, then stops taking new ones. */
  close(): Promise<void>;
}

export async function startWorkers(
  rt: Runtime,
  opts: { only?: ProcessorDefinition[]; schedules?: boolean } = {},
): Promise<WorkerService> {
  const defs = opts.only ?? processors;
  const workers: Worker[] = [];
  for (const def of defs) {
    const worker = new Worker(def.queue, (job) => def.process(job, rt), {
      // Blocking reads: BullMQ requires maxRetriesPerRequest: null (the runtime's own connection fails fast).
      connection: rt.redis.duplicate(REDIS_QUEUED_OPTIONS),
      prefix: queuePrefix(),
      concurrency: def.concurrency ?? 1,
    });
    worker.on('failed', (job, err) =>
      rt.log.warn(
        `job ${def.queue}/${job?.name} #${job?.id} failed (attempt ${job?.attemptsMade}): ${err.message}`,
      ),
    );
    worker.on('error', (err) => rt.log.error(`worker ${def.queue} error`, err));
    workers.push(worker);
    if (opts.schedules !== false) {
      for (const s of def.schedule ?? []) {
        await getQueue(def.queue).upsertJobScheduler(
          s.name,
          { pattern: s.pattern },
          { name: s.name, data: s.data ?? {} },
        );
      }
    }
  }
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  return {
    workers,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all(workers.map(async (w) => (await w.client).quit().catch(() => undefined)));
    },
  };
}
