import { QUEUES, type QueueName } from '@freight/shared';
import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';

/** Retries with exponential backoff; completed jobs trimmed; failed jobs kept for inspection. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { count: 1000 },
  removeOnFail: false,
};

let connection: Redis | null = null;
let prefix = 'bull';
const queues = new Map<QueueName, Queue>();

export function initQueues(redis: Redis, keyPrefix: string): void {
  connection = redis;
  prefix = `${keyPrefix}bull`;
}

export function queuePrefix(): string {
  return prefix;
}

export function getQueue(name: QueueName): Queue {
  if (!connection) throw new Error('Queues are not initialised');
  let queue = queues.get(name);
  if (!queue) {
    queue = new Queue(name, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
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

export async function queueHealth(): Promise<Record<string, Record<string, number>>> {
  const out: Record<string, Record<string, number>> = {};
  for (const name of Object.values(QUEUES)) {
    out[name] = await getQueue(name).getJobCounts('waiting', 'active', 'delayed', 'failed');
  }
  return out;
}

export async function closeQueues(): Promise<void> {
  await Promise.all([...queues.values()].map((q) => q.close()));
  queues.clear();
}
