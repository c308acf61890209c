import {
  loadReference,
  rooms,
  STOP_EVENT_LABELS,
  type StopEventDto,
  type ChatMessageDto,
  type FreightLocationEventDto,
  type FreightPhotoDto,
  type UnreadCountDto,
} from '@freight/shared';
import { publish } from '../../realtime/publish';
import { participantIds, type FreightListing } from '../freight/model';
import { notify } from '../notifications/service';

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

/** A stop the carrier reported: live to everyone on the load, and a notification to the load's other people. */
export async function announceStop(load: FreightListing, stop: StopEventDto): Promise<void> {
  const freightId = String(load._id);
  publish('freight:stop', rooms.freight(freightId), { freightId, stop });
  const label = STOP_EVENT_LABELS[stop.kind];
  const others = [...new Set(participantIds(load))].filter((id) => id !== String(load.carrierId));
  await Promise.all(
    others.map((userId) =>
      notify({
        userId,
        kind: 'freight_status',
        title: `${label}: load ${loadReference(freightId)}`,
        body: `${load.title} (${load.originCity}, ${load.originState} → ${load.destinationCity}, ${load.destinationState}): the carrier reported ${label.toLowerCase()}.`,
        link: `/tracking/${freightId}`,
        dedupeKey: `stop:${freightId}-${stop.kind}-${userId}`,
      }),
    ),
  );
}
