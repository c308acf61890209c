import { QUEUES } from '@freight/shared';
import { deliverMail, type MailJob } from '@freight/server/features/mail/service';
import type { ProcessorDefinition } from './types';

/** Sends one email through SMTP_URL, once per dedupe key; a failed send is retried with backoff (issue 27). */
export const mailProcessor: ProcessorDefinition = {
  queue: QUEUES.mail,
  concurrency: 4,
  async process(job, rt) {
    return { result: await deliverMail(rt.config, job.data as MailJob) };
  },
};
