import {
  rooms,
  type ChatMessageDto,
  type FreightLocationEventDto,
  type FreightPhotoDto,
  type UnreadCountDto,
} from '@freight/shared';
import { publish } from '../../realtime/publish';

/** Everyone watching the load sees the carrier's new position. */
export function announceLocation(location: FreightLocationEventDto): void {
  publish('freight:location', rooms.freight(location.freightId), location);
}

export function announcePhoto(freightId: string, photo: FreightPhotoDto): void {
  publish('freight:photo', rooms.freight(freightId), { freightId, photo });
}

/** A new chat message to the load's room, and each other participant's new unread count (`unread`, by user id). */
export function announceChatMessage(
  freightId: string,
  message: ChatMessageDto,
  unread: Array<{ userId: string; unreadCount: number }>,
): void {
  publish('chat:message', rooms.freight(freightId), { freightId, message });
  for (const { userId, unreadCount } of unread)
    publish('chat:unread', rooms.user(userId), { freightId, unreadCount });
}

/** The user read the chat: their other tabs update their count. */
export function announceChatRead(userId: string, count: UnreadCountDto): void {
  publish('chat:unread', rooms.user(userId), count);
}
