import {
  NOTIFICATION_COALESCE_SECONDS,
  QUEUES,
  notificationJobSchema,
  type NotificationDto,
  type NotificationJob,
  type Page,
} from '@freight/shared';
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { notFound } from '../../http/errors';
import { paginate } from '../../http/paginate';
import type { PageQuery } from '../../http/validate';
import { withAggregate } from '../../infra/concurrency';
import { enqueue } from '../../queues';
import { announceNotificationDelivered } from './announce';
import {
  FoldedNotificationJobModel,
  NotificationModel,
  toNotificationDto,
  UnreadCounterModel,
  type Notification,
} from './model';

/** What services call: the notification is stored and pushed by the notifications worker. */
export async function notify(job: NotificationJob): Promise<void> {
  const data = notificationJobSchema.parse(job);
  // BullMQ job ids may not contain ':', so the dedupe key (any text) is hashed into one.
  const jobId = data.dedupeKey ? `n-${createHash('sha1').update(data.dedupeKey).digest('hex')}` : undefined;
  await enqueue(QUEUES.notifications, data.kind, data, jobId ? { jobId } : undefined);
}

/** The user's unread notifications, counted (their own notifications only: userId reaches the storage). */
function countUnread(userId: string): Promise<number> {
  return NotificationModel.countDocuments({ userId: new Types.ObjectId(userId), readAt: null });
}

/** Sets the user's counter to a fresh count; the caller holds the user's 'notifications' lease. */
async function recountUnread(userId: string): Promise<number> {
  const unread = await countUnread(userId);
  await UnreadCounterModel.updateOne({ _id: userId }, { $set: { unread } }, { upsert: true });
  return unread;
}

/**
 * Moves the user's counter by `delta` (the caller holds the lease); a user without one yet is counted, the change
 * just made included.
 */
async function moveUnread(userId: string, delta: number): Promise<number> {
  const counter = await UnreadCounterModel.findOneAndUpdate(
    { _id: userId },
    { $inc: { unread: delta } },
    { new: true },
  ).lean<{ unread: number }>();
  if (!counter || counter.unread < 0) return recountUnread(userId);
  return counter.unread;
}

const underUnreadLease = <T>(userId: string, fn: () => Promise<T>) =>
  withAggregate('notifications', userId, fn);

/** The bell's count: the user's counter (one read by `_id`), counted once for a user who has none yet. */
export async function unreadCount(userId: string): Promise<number> {
  const counter = await UnreadCounterModel.findById(userId).lean<{ unread: number }>();
  return counter ? counter.unread : underUnreadLease(userId, () => recountUnread(userId));
}

/**
 * Folds a coalescing job into the recipient's unread notification from the same source, if one is younger than
 * NOTIFICATION_COALESCE_SECONDS: one more counted, texts and link updated (the caller holds the user's lease).
 */
async function foldInto(
  data: z.output<typeof notificationJobSchema>,
  coalesce: { key: string; title: string; body: string },
): Promise<Notification | null> {
  const since = new Date(Date.now() - NOTIFICATION_COALESCE_SECONDS * 1000);
  const open = await NotificationModel.findOne({
    userId: new Types.ObjectId(data.userId),
    readAt: null,
    coalesceKey: coalesce.key,
    createdAt: { $gte: since },
  })
    .sort({ createdAt: -1 })
    .lean<Notification>();
  if (!open) return null;
  const count = (open.count ?? 1) + 1;
  const fill = (text: string) => text.replaceAll('{count}', count.toLocaleString('en-US'));
  return NotificationModel.findOneAndUpdate(
    { _id: open._id, readAt: null },
    { $set: { count, title: fill(coalesce.title), body: fill(coalesce.body), link: data.link ?? open.link } },
    { new: true },
  ).lean<Notification>();
}

/** The worker's side: store once (dedupeKey), then push `notification:new` to the user's room. */
export async function deliverNotification(job: NotificationJob): Promise<NotificationDto | null> {
  const data = notificationJobSchema.parse(job);
  let stored: Notification;
  let unread: number;
  try {
    [stored, unread] = await underUnreadLease(data.userId, async () => {
      if (data.dedupeKey && (await FoldedNotificationJobModel.exists({ _id: data.dedupeKey })))
        throw Object.assign(new Error('already folded'), { code: 11000 });
      const folded = data.coalesce ? await foldInto(data, data.coalesce) : null;
      if (folded) {
        if (data.dedupeKey)
          await FoldedNotificationJobModel.create({ _id: data.dedupeKey }).catch(() => undefined);
        return [folded, await unreadCount(data.userId)] as const;
      }
      const doc = await NotificationModel.create({
        ...(data.coalesce ? { coalesceKey: data.coalesce.key } : {}),
        userId: new Types.ObjectId(data.userId),
        kind: data.kind,
        title: data.title,
        body: data.body,
        link: data.link ?? null,
        ...(data.dedupeKey ? { dedupeKey: data.dedupeKey } : {}),
      });
      return [doc.toObject() as Notification, await moveUnread(data.userId, +1)] as const;
    });
  } catch (err) {
    if ((err as { code?: number }).code === 11000) return null; // already delivered
    throw err;
  }
  const notification = toNotificationDto(stored);
  announceNotificationDelivered(data.userId, notification, unread);
  return notification;
}

/** The notification a job with this dedupe key stored (a repeated job finds the first one's). */
export async function storedNotification(dedupeKey: string): Promise<NotificationDto | null> {
  const found = await NotificationModel.findOne({ dedupeKey }).lean<Notification>();
  return found ? toNotificationDto(found) : null;
}

/**
 * A page of the user's notifications with their unread count. The first page counts afresh and resets the counter,
 * so a counter left behind by a crash between a delivery's insert and its count is right again at the next visit.
 */
export async function listNotifications(
  userId: string,
  { page, pageSize }: PageQuery,
): Promise<Page<NotificationDto> & { unreadCount: number }> {
  const [found, unread] = await Promise.all([
    paginate<Notification>(
      NotificationModel,
      { userId: new Types.ObjectId(userId) },
      { createdAt: -1, _id: -1 },
      { page, pageSize },
    ),
    page === 1 ? underUnreadLease(userId, () => recountUnread(userId)) : unreadCount(userId),
  ]);
  return { ...found, items: found.items.map(toNotificationDto), unreadCount: unread };
}

export async function markRead(userId: string, id: string): Promise<NotificationDto> {
  if (!Types.ObjectId.isValid(id)) throw notFound('Notification not found');
  const doc = await underUnreadLease(userId, async () => {
    const marked = await NotificationModel.findOneAndUpdate(
      { _id: id, userId, readAt: null },
      { $set: { readAt: new Date() } },
      { new: true },
    ).lean<Notification>();
    if (marked) await moveUnread(userId, -1);
    return marked ?? (await NotificationModel.findOne({ _id: id, userId }).lean<Notification>());
  });
  if (!doc) throw notFound('Notification not found');
  return toNotificationDto(doc);
}

export async function markAllRead(userId: string): Promise<void> {
  await underUnreadLease(userId, async () => {
    await NotificationModel.updateMany({ userId, readAt: null }, { $set: { readAt: new Date() } });
    await UnreadCounterModel.updateOne({ _id: userId }, { $set: { unread: 0 } }, { upsert: true });
  });
}
