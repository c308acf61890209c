import {
  QUEUES,
  notificationJobSchema,
  type NotificationDto,
  type NotificationJob,
  type Page,
} from '@freight/shared';
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { notFound } from '../../http/errors';
import { paginate } from '../../http/paginate';
import { enqueue } from '../../queues';
import { announceNotificationDelivered } from './announce';
import { NotificationModel, toNotificationDto, type Notification } from './model';

/** What services call: the notification is stored and pushed by the notifications worker. */
export async function notify(job: NotificationJob): Promise<void> {
  const data = notificationJobSchema.parse(job);
  // BullMQ job ids may not contain ':', so the dedupe key (any text) is hashed into one.
  const jobId = data.dedupeKey ? `n-${createHash('sha1').update(data.dedupeKey).digest('hex')}` : undefined;
  await enqueue(QUEUES.notifications, data.kind, data, jobId ? { jobId } : undefined);
}

export async function unreadCount(userId: string): Promise<number> {
  // The user's notifications (userId reaches the storage), the unread ones among them.
  return NotificationModel.countDocuments({ userId: new Types.ObjectId(userId), readAt: null });
}

/**
 * The unread count pushed with each new notification. Deliveries for the same user that land while a count is
 * running share the next count instead of each running their own (a count started after a notification was stored
 * includes it, so every push carries a count at least as new as its own notification). A burst of N notifications
 * for one user then costs one running count plus one waiting, not N counts: on FerretDB each count reads the whole
 * collection.
 */
interface CountSlot {
  running: boolean;
  waiting: Array<{ resolve: (n: number) => void; reject: (err: unknown) => void }>;
}
const countSlots = new Map<string, CountSlot>();
function freshUnreadCount(userId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let slot = countSlots.get(userId);
    if (!slot) {
      slot = { running: false, waiting: [] };
      countSlots.set(userId, slot);
    }
    slot.waiting.push({ resolve, reject });
    if (!slot.running) runCount(userId, slot);
  });
}
function runCount(userId: string, slot: CountSlot): void {
  const batch = slot.waiting;
  slot.waiting = [];
  slot.running = true;
  unreadCount(userId)
    .then(
      (n) => batch.forEach((w) => w.resolve(n)),
      (err: unknown) => batch.forEach((w) => w.reject(err)),
    )
    .finally(() => {
      slot.running = false;
      if (slot.waiting.length > 0) runCount(userId, slot);
      else countSlots.delete(userId);
    });
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
  announceNotificationDelivered(data.userId, notification, await freshUnreadCount(data.userId));
  return notification;
}

export async function listNotifications(
  userId: string,
  page: number,
  pageSize: number,
): Promise<Page<NotificationDto> & { unreadCount: number }> {
  const [found, unread] = await Promise.all([
    paginate<Notification>(
      NotificationModel,
      { userId: new Types.ObjectId(userId) },
      { createdAt: -1, _id: -1 },
      { page, pageSize },
    ),
    unreadCount(userId),
  ]);
  return { ...found, items: found.items.map(toNotificationDto), unreadCount: unread };
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
