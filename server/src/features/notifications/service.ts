import {
  QUEUES,
  notificationJobSchema,
  rooms,
  type NotificationDto,
  type NotificationJob,
  type Page,
} from '@freight/shared';
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { notFound } from '../../http/errors';
import { enqueue } from '../../queues';
import { publish } from '../../realtime/publish';
import { NotificationModel, toNotificationDto, type Notification } from './model';

/** What services call: the notification is stored and pushed by the notifications worker. */
export async function notify(job: NotificationJob): Promise<void> {
  const data = notificationJobSchema.parse(job);
  // BullMQ job ids may not contain ':', so the dedupe key (any text) is hashed into one.
  const jobId = data.dedupeKey ? `n-${createHash('sha1').update(data.dedupeKey).digest('hex')}` : undefined;
  await enqueue(QUEUES.notifications, data.kind, data, jobId ? { jobId } : undefined);
}

export async function unreadCount(userId: string): Promise<number> {
  return NotificationModel.countDocuments({ userId, readAt: null });
}

/** The worker's side: store once (dedupeKey), then push `notification:new` to the user's room. */
export async function deliverNotification(job: NotificationJob): Promise<NotificationDto | null> {
  const data = notificationJobSchema.parse(job);
  let stored: Notification;
  try {
    const doc = await NotificationModel.create({
      userId: new Types.ObjectId(data.userId),
      kind: data.kind,
      title: data.title,
      body: data.body,
      link: data.link ?? null,
      ...(data.dedupeKey ? { dedupeKey: data.dedupeKey } : {}),
    });
    stored = doc.toObject() as Notification;
  } catch (err) {
    if ((err as { code?: number }).code === 11000) return null; // already delivered
    throw err;
  }
  const notification = toNotificationDto(stored);
  publish('notification:new', rooms.user(data.userId), {
    notification,
    unreadCount: await unreadCount(data.userId),
  });
  return notification;
}

export async function listNotifications(
  userId: string,
  page: number,
  pageSize: number,
): Promise<Page<NotificationDto> & { unreadCount: number }> {
  const filter = { userId: new Types.ObjectId(userId) };
  const [items, total, unread] = await Promise.all([
    NotificationModel.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * pageSize)
      .limit(pageSize)
      .lean<Notification[]>(),
    NotificationModel.countDocuments(filter),
    unreadCount(userId),
  ]);
  return { items: items.map(toNotificationDto), page, pageSize, total, unreadCount: unread };
}

export async function markRead(userId: string, id: string): Promise<NotificationDto> {
  if (!Types.ObjectId.isValid(id)) throw notFound('Notification not found');
  const doc =
    (await NotificationModel.findOneAndUpdate(
      { _id: id, userId, readAt: null },
      { $set: { readAt: new Date() } },
      { new: true },
    ).lean<Notification>()) ?? (await NotificationModel.findOne({ _id: id, userId }).lean<Notification>());
  if (!doc) throw notFound('Notification not found');
  return toNotificationDto(doc);
}

export async function markAllRead(userId: string): Promise<void> {
  await NotificationModel.updateMany({ userId, readAt: null }, { $set: { readAt: new Date() } });
}
