import { QUEUES, type NotificationJob } from '@freight/shared';
import { deliverNotification } from '@freight/server/features/notifications/service';
import type { ProcessorDefinition } from './types';

/** Stores the notification (once, by its dedupe key) and pushes `notification:new` to the user's room. */
export const notificationsProcessor: ProcessorDefinition = {
  queue: QUEUES.notifications,
  concurrency: 8,
  async process(job) {
    const notification = await deliverNotification(job.data as NotificationJob);
    return { stored: notification?.id ?? null };
  },
};
