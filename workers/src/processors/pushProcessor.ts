import { QUEUES } from '@freight/shared';
import { deliverPush, vapidSubject, type PushJob } from '@freight/server/features/notificationChannels/push';
import type { ProcessorDefinition } from './types';

/** Sends one web push to each of the user's devices (issue 27); devices missed are retried with backoff. */
export const pushProcessor: ProcessorDefinition = {
  queue: QUEUES.push,
  concurrency: 4,
  async process(job, rt) {
    return deliverPush(job.data as PushJob, { subject: vapidSubject(rt.config) });
  },
};
