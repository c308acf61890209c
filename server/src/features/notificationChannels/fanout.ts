import { QUEUES, type NotificationDto, type PushPayload } from '@freight/shared';
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { enqueue } from '../../queues';
import { DigestEntryModel, PushSubscriptionModel } from './model';
import { channelsFor } from './preferences';
import type { PushJob } from './push';

/** Each delivery job retries with backoff; its data holds no secret, so failed ones stay a week for inspection. */
const DELIVERY_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential' as const, delay: 5000 },
  removeOnComplete: { age: 24 * 60 * 60 },
  removeOnFail: { age: 7 * 24 * 60 * 60 },
};

/** A BullMQ job id from any key (ids may not contain ':'). */
const jobId = (prefix: string, key: string) => `${prefix}-${createHash('sha1').update(key).digest('hex')}`;

export interface NotificationEmailJob {
  notificationId: string;
}

export function pushPayloadOf(n: Pick<NotificationDto, 'id' | 'title' | 'body' | 'link'>): PushPayload {
  return { title: n.title, body: n.body, url: n.link ?? '/', tag: `n-${n.id}` };
}

/**
 * The fan-out (issue 27), run by the notifications worker right after it stored the in-app notification: one email
 * job and one push job, as the recipient's preferences allow, each deduplicated by the notification's id (a repeated
 * or folded notification sends nothing twice). Saved-search alerts on an hourly or daily digest wait in the digest
 * instead. Throws when a job cannot be queued, so the notification job is retried: the in-app notification is
 * already stored and is not stored twice.
 */
export async function fanOutNotification(
  n: NotificationDto,
  opts: { mail: boolean } = { mail: true },
): Promise<{ email: boolean; push: boolean; digest: boolean }> {
  const chosen = await channelsFor(n.userId, n.kind);
  // No email without an SMTP server to send it; no push job for a user without a device that takes pushes.
  const channels = {
    ...chosen,
    email: chosen.email && opts.mail,
    push:
      chosen.push && Boolean(await PushSubscriptionModel.exists({ userId: new Types.ObjectId(n.userId) })),
  };
  if (!channels.email && !channels.push) return { email: false, push: false, digest: false };
  if (channels.digest) {
    try {
      await DigestEntryModel.create({
        frequency: channels.digest,
        userId: new Types.ObjectId(n.userId),
        notificationId: new Types.ObjectId(n.id),
        title: n.title,
        body: n.body,
        link: n.link,
      });
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err; // already waiting
    }
    return { email: false, push: false, digest: true };
  }
  if (channels.email) {
    const data: NotificationEmailJob = { notificationId: n.id };
    await enqueue(QUEUES.mail, 'notification', data, {
      ...DELIVERY_JOB_OPTIONS,
      jobId: jobId('nmail', n.id),
    });
  }
  if (channels.push) {
    const data: PushJob = { dedupeKey: `notification:${n.id}`, userId: n.userId, payload: pushPayloadOf(n) };
    await enqueue(QUEUES.push, 'notification', data, {
      ...DELIVERY_JOB_OPTIONS,
      jobId: jobId('npush', n.id),
    });
  }
  return { email: channels.email, push: channels.push, digest: false };
}

/** Queues a push job of any payload (the digests' summary). */
export async function queuePush(job: PushJob): Promise<void> {
  await enqueue(QUEUES.push, 'digest', job, { ...DELIVERY_JOB_OPTIONS, jobId: jobId('push', job.dedupeKey) });
}
