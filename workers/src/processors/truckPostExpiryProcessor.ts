import { QUEUES } from '@freight/shared';
import { now } from '@freight/server/infra/clock';
import { expireTruckPosts } from '@freight/server/features/truckPosts/service';
import type { ProcessorDefinition } from './types';

/**
 * Stores every posted truck past the end of its last available day as expired and records the fact (its projector
 * takes it off the Trucks boards live). Every 15 minutes; searches already leave out a post past its expiry before
 * the sweep stores it. A job may carry `now` (ISO) to run as of that time.
 */
export const truckPostExpiryProcessor: ProcessorDefinition = {
  queue: QUEUES.truckPostExpiry,
  async process(job) {
    const at = typeof job.data?.now === 'string' ? new Date(job.data.now) : now();
    if (Number.isNaN(at.getTime())) throw new Error(`invalid now: ${String(job.data?.now)}`);
    const expired = await expireTruckPosts(at);
    return { expired: expired.length };
  },
  schedule: [{ name: 'expire-truck-posts', pattern: '*/15 * * * *' }],
};
