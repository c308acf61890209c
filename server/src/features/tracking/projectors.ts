import { loadReference, rooms, stopEventText, placeName } from '@freight/shared';
import { Types } from 'mongoose';
import { registerProjector } from '../../events/projectors';
import { publish } from '../../realtime/publish';
import { FreightModel, participantIds, type FreightListing } from '../freight/model';
import { notify } from '../notifications/service';
import { unreadInRoom } from './chat/service';

/**
 * The tracking feature's projectors (issue 26): the pushes and notifications of a booked load's trip. A position is
 * pushed live by the positions service on every ping (a ping is not a fact); its one fact per window reaches the
 * load's history through the history projector.
 */

const loadOf = (loadId: string) => FreightModel.findById(loadId).lean<FreightListing>();

/** A stop the carrier reported: live to everyone on the load, and a notification to the load's other people. */
export const trackingStopsProjector = registerProjector({
  name: 'tracking-stops',
  applicableEvents: ['stop.reported'],
  async handle(event) {
    if (event.name !== 'stop.reported' || !event.loadId) return;
    const freightId = event.loadId;
    const { stop } = event.data;
    publish('freight:stop', rooms.freight(freightId), { freightId, stop });
    // The load's people and wording as the load is now (its title and cities; its participants do not change
    // once booked); the notifications are stored once per fact and person (dedupeKey), so a replay adds none.
    const load = await loadOf(freightId);
    if (!load) return;
    const label = stopEventText(stop);
    const others = [...new Set(participantIds(load))].filter((id) => id !== String(load.carrierId));
    await Promise.all(
      others.map((userId) =>
        notify({
          userId,
          kind: 'freight_status',
          title: `${label}: load ${loadReference(freightId)}`,
          body: `${load.title} (${placeName(load.originCity, load.originState)} → ${placeName(load.destinationCity, load.destinationState)}): the carrier reported ${label.toLowerCase()}.`,
          link: `/tracking/${freightId}`,
          dedupeKey: `${event.id}-${userId}`,
        }),
      ),
    );
  },
});

/** A photo added to a load: live to everyone on it. */
export const trackingPhotosProjector = registerProjector({
  name: 'tracking-photos',
  applicableEvents: ['photo.added'],
  async handle(event) {
    if (event.name !== 'photo.added' || !event.loadId) return;
    publish('freight:photo', rooms.freight(event.loadId), {
      freightId: event.loadId,
      photo: event.data.photo,
    });
  },
});

/** A stop's dock pinned (issue 39): the load's screens read it again (the push carries no point or details). */
export const trackingDockPinsProjector = registerProjector({
  name: 'tracking-dock-pins',
  applicableEvents: ['dock.pinned'],
  async handle(event) {
    if (event.name !== 'dock.pinned' || !event.loadId) return;
    publish('freight:dockPinned', rooms.freight(event.loadId), {
      freightId: event.loadId,
      stop: event.data.stop,
    });
  },
});

/**
 * A chat message: to the load's room, and each other participant's unread count (`chat:unread` to their own room),
 * counted when the fact is handled: a count is the reader's state, not part of the fact, so a replay pushes the
 * current count (clients replace theirs) rather than an old one.
 */
export const trackingChatProjector = registerProjector({
  name: 'tracking-chat',
  applicableEvents: ['chat.posted'],
  async handle(event) {
    if (event.name !== 'chat.posted' || !event.loadId) return;
    const freightId = event.loadId;
    const { message } = event.data;
    publish('chat:message', rooms.freight(freightId), { freightId, message });
    const load = await loadOf(freightId);
    if (!load) return;
    const roomId = new Types.ObjectId(message.chatRoomId);
    // The assigned driver reads the chat on the phone (issue 29): their count too.
    const readers = [
      ...participantIds(load),
      ...(load.assignedDriverId ? [String(load.assignedDriverId)] : []),
    ];
    const others = [...new Set(readers)].filter((id) => id !== message.userId);
    await Promise.all(
      others.map(async (userId) => {
        const unreadCount = await unreadInRoom(roomId, userId);
        publish('chat:unread', rooms.user(userId), { freightId, unreadCount });
      }),
    );
  },
});
