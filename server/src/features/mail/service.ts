import { createHash } from 'node:crypto';
import { QUEUES } from '@freight/shared';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import { fileStore } from '../../infra/storage';
import { enqueue } from '../../queues';
import { MailOutboxModel } from './model';
import { logger } from '../../infra/services';

/** A stored file sent with an email (a load's PDF), read from the file store when the email goes out. */
export interface MailAttachment {
  filename: string;
  storageKey: string;
  contentType: string;
  description?: string;
}

/** One email: who, what, and the key that makes it go out once. */
export interface MailJob {
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe of a non-security email). */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

/** The BullMQ job id of a dedupe key: the same key never queues a second job while the first is known. */
const jobIdOf = (dedupeKey: string) => `mail-${createHash('sha256').update(dedupeKey).digest('hex')}`;

/**
 * Queues an email (issue 27). Never throws: a mail that cannot be queued (Redis or the database away) is logged
 * and dropped, so the request that caused it still succeeds. Its outbox entry is written first, once per key.
 */
export async function sendMail(mail: MailJob): Promise<void> {
  try {
    try {
      await MailOutboxModel.create({ dedupeKey: mail.dedupeKey, to: mail.to, subject: mail.subject });
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return; // already decided: sent once
      throw err;
    }
    // The body holds links that are secrets: the job leaves Redis once done (failed ones after a day).
    await enqueue(QUEUES.mail, 'send', mail, {
      jobId: jobIdOf(mail.dedupeKey),
      removeOnComplete: true,
      removeOnFail: { age: 24 * 60 * 60 },
      attempts: 6,
      backoff: { type: 'exponential', delay: 2000 },
    });
  } catch (err) {
    logger().warn(`mail "${mail.subject}" could not be queued: ${(err as Error).message}`);
  }
}

const transports = new Map<string, Transporter>();
function transportFor(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

/**
 * The mail job (worker role): claims the outbox entry (pending or failed → sending), sends, marks it sent. A job
 * that runs again for a sent (or in-flight) message does nothing. A send that fails marks the entry failed and
 * throws, so BullMQ retries it with backoff.
 */
export async function deliverMail(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>,
  mail: MailJob,
): Promise<'sent' | 'skipped' | 'no-smtp'> {
  if (!config.SMTP_URL) return 'no-smtp';
  const claimed = await MailOutboxModel.findOneAndUpdate(
    { dedupeKey: mail.dedupeKey, status: { $in: ['pending', 'failed'] } },
    { $set: { status: 'sending' }, $inc: { attempts: 1 } },
    { new: true },
  );
  if (!claimed) return 'skipped';
  try {
    await transportFor(config.SMTP_URL).sendMail({
      from: config.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { 'Auto-Submitted': 'auto-generated', ...(mail.headers ?? {}) },
      attachments: await Promise.all(
        (mail.attachments ?? []).map(async (a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: await fileStore().read(a.storageKey),
        })),
      ),
    });
  } catch (err) {
    await MailOutboxModel.updateOne(
      { _id: claimed._id, status: 'sending' },
      { $set: { status: 'failed', lastError: (err as Error).message.slice(0, 300) } },
    );
    throw err;
  }
  await MailOutboxModel.updateOne(
    { _id: claimed._id },
    { $set: { status: 'sent', sentAt: new Date(), lastError: null } },
  );
  return 'sent';
}
