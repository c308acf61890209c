import { DIGEST_SCHEDULES, QUEUES } from '@freight/shared';
import { runDigest } from '@freight/server/features/notificationChannels/delivery';
import type { ProcessorDefinition } from './types';

/** The saved-search alert digests (issue 27): hourly on the hour, daily at 13:00 UTC. */
export const digestProcessor: ProcessorDefinition = {
  queue: QUEUES.digests,
  concurrency: 1,
  async process(job, rt) {
    if (job.name !== 'hourly' && job.name !== 'daily') return { skipped: job.name };
    return runDigest(rt.config, job.name);
  },
  schedule: [
    { name: 'hourly', pattern: DIGEST_SCHEDULES.hourly },
    { name: 'daily', pattern: DIGEST_SCHEDULES.daily },
  ],
};
