import { QUEUES } from '@freight/shared';
import { deliverLane, type WebhookJob } from '@freight/server/features/webhooks/service';
import type { ProcessorDefinition } from './types';

/**
 * Public API webhooks (issue 30): sends a lane's pending deliveries in order; a failure throws, and BullMQ tries the
 * job again with exponential backoff for a day (WEBHOOK_JOB_OPTIONS). On the last attempt the delivery is given up.
 */
export const webhooksProcessor: ProcessorDefinition = {
  queue: QUEUES.webhooks,
  concurrency: 8,
  async process(job) {
    const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    return deliverLane(job.data as WebhookJob, { finalAttempt });
  },
};
