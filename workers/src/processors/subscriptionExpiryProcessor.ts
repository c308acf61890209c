import { QUEUES } from '@freight/shared';
import { now } from '@freight/server/infra/clock';
import { expireSubscriptions } from '@freight/server/features/subscriptions/service';
import type { ProcessorDefinition } from './types';

/**
 * Flips every active subscription past its date to inactive and pushes `subscription:changed` (the open gated page
 * locks without a reload). Daily; the screen's gate and the server's also compare the date themselves, so access
 * ends at the expiry instant even before this job runs. A job may carry `now` (ISO) to run as of that time.
 */
export const subscriptionExpiryProcessor: ProcessorDefinition = {
  queue: QUEUES.subscriptionExpiry,
  async process(job) {
    const at = typeof job.data?.now === 'string' ? new Date(job.data.now) : now();
    if (Number.isNaN(at.getTime())) throw new Error(`invalid now: ${String(job.data?.now)}`);
    const expired = await expireSubscriptions(at);
    return { expired: expired.length };
  },
  schedule: [{ name: 'expire-subscriptions', pattern: '10 0 * * *' }],
};
