import { QUEUES, type QueueName } from '@freight/shared';
import { Queue, type JobsOptions } from 'bullmq';
import { redis, redisPrefix } from '../infra/services';

/** Retries with exponential backoff; completed jobs trimmed; failed jobs kept for inspection. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { count: 1000 },
  removeOnFail: false,
};

const queues = new Map<QueueName, Queue>();

/** BullMQ's key prefix: under the runtime's Redis key prefix. */
export function queuePrefix(): string {
  return `${redisPrefix()}bull`;
}

export function getQueue(name: QueueName): Queue {
  let queue = queues.get(name);
  if (!queue) {
    queue = new Queue(name, {
      connection: redis(),
      prefix: queuePrefix(),
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
    });
    queues.set(name, queue);
  }
  return queue;
}

export async function enqueue<T extends object>(
  name: QueueName,
  jobName: string,
  data: T,
  opts?: JobsOptions,
) {
  return getQueue(name).add(jobName, data, opts);
}

/**
 * Each queue's job counts, asked of all queues at once: one after the other, nine round trips on a busy machine
 * passed the health check's one second and reported the queues down (a 503 seen in a loaded test run).
 */
export async function queueHealth(): Promise<Record<string, Record<string, number>>> {
  const names = Object.values(QUEUES);
  const counts = await Promise.all(
    names.map((name) => getQueue(name).getJobCounts('waiting', 'active', 'delayed', 'failed')),
  );
  return Object.fromEntries(names.map((name, i) => [name, counts[i]!]));
}

export async function closeQueues(): Promise<void> {
  await Promise.all([...queues.values()].map((q) => q.close()));
  queues.clear();
}
