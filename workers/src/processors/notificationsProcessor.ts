import { QUEUES, type NotificationJob } from '@freight/shared';
import { fanOutNotification } from '@freight/server/features/notificationChannels/fanout';
import { deliverNotification, storedNotification } from '@freight/server/features/notifications/service';
import type { ProcessorDefinition } from './types';

/**
 * Stores the notification (once, by its dedupe key) and pushes `notification:new` to the user's room; then queues
 * its email and web push as the recipient's preferences allow (issue 27: the one place the fan-out happens). A job
 * run again after its notification was stored (a retry after a failed fan-out) fans out the stored one: the
 * deliveries are deduplicated by the notification's id.
 */
export const notificationsProcessor: ProcessorDefinition = {
  queue: QUEUES.notifications,
  concurrency: 8,
  async process(job, rt) {
    // A job without a dedupe key gets its own job id as one, so a retry after a failed fan-out stores nothing again.
    const given = job.data as NotificationJob;
    const data = { ...given, dedupeKey: given.dedupeKey ?? `job-${String(job.id)}` };
    const notification = (await deliverNotification(data)) ?? (await storedNotification(data.dedupeKey));
    const channels = notification
      ? await fanOutNotification(notification, { mail: Boolean(rt.config.SMTP_URL) })
      : null;
    return { stored: notification?.id ?? null, channels };
  },
};
