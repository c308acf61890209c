import { rooms, type NotificationDto } from '@freight/shared';
import { publish } from '../../realtime/publish';

/** A stored notification reaches the user's open tabs, with their unread count. */
export function announceNotificationDelivered(
  userId: string,
  notification: NotificationDto,
  unreadCount: number,
): void {
  publish('notification:new', rooms.user(userId), { notification, unreadCount });
}
