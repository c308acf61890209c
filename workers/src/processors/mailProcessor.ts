import { QUEUES } from '@freight/shared';
import { deliverMail, type MailJob } from '@freight/server/features/mail/service';
import { sendNotificationEmail } from '@freight/server/features/notificationChannels/delivery';
import type { NotificationEmailJob } from '@freight/server/features/notificationChannels/fanout';
import type { ProcessorDefinition } from './types';

/**
 * Sends one email through SMTP_URL, once per dedupe key; a failed send is retried with backoff (issue 27). `send`
 * jobs carry the message (security emails); `notification` jobs name a stored notification whose email is composed
 * when the job runs.
 */
export const mailProcessor: ProcessorDefinition = {
  queue: QUEUES.mail,
  concurrency: 4,
  async process(job, rt) {
    if (job.name === 'notification')
      return {
        result: await sendNotificationEmail(rt.config, (job.data as NotificationEmailJob).notificationId),
      };
    return { result: await deliverMail(rt.config, job.data as MailJob) };
  },
};
