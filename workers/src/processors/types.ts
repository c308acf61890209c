import type { QueueName } from '@freight/shared';
import type { Runtime } from '@freight/server/runtime';
import type { Job } from 'bullmq';

/** One processor per queue (event family). `schedule` registers repeatable jobs the worker role keeps alive. */
export interface ProcessorDefinition {
  queue: QueueName;
  concurrency?: number;
  process(job: Job, rt: Runtime): Promise<unknown>;
  schedule?: Array<{ name: string; pattern: string; data?: Record<string, unknown> }>;
}
