import {
  formatUsd,
  rooms,
  type AnyDomainEvent,
  type FreightListingDto,
  type FreightStatus,
  placeName,
} from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { publish } from '../../realtime/publish';
import { notify } from '../notifications/service';
import { publishListingChange } from './book/channel';
import { liveBook } from './book/live';

/**
 * The open-load book (issue 26, inline): every change of a listing goes on the Redis listings channel, from which
 * every web process's book takes it and pushes it to the boards it concerns; this process's own book takes it at
 * once, under the writer's lease, so the writer's next search already sees it.
 */
export const openLoadBookProjector = registerProjector({
  name: 'open-load-book',
  inline: true,
  applicableEvents: ['load.posted', 'load.edited', 'load.moved', 'load.withdrawn'],
  async handle(event) {
    if (!('load' in event.data) || !event.data.load) return;
    const message = {
      kind: event.name === 'load.posted' ? 'posted' : 'updated',
      listing: event.data.load,
    } as const;
    liveBook()?.receive(message);
    publishListingChange(message);
  },
});

const STATUS_TEXT: Partial<Record<FreightStatus, string>> = {
  in_transit: 'is in transit',
  delivered: 'has been delivered',
  cancelled: 'has been cancelled',
};

const participantsOf = (l: FreightListingDto) => [
  ...new Set([l.userId, l.carrierId, l.brokerId, l.shipperId].filter((id): id is string => !!id)),
];

/** A move as the projectors read it (a withdrawal is a move from available to cancelled). */
function moveOf(event: AnyDomainEvent) {
  if (event.name === 'load.withdrawn') {
    return {
      load: event.data.load,
      previous: 'available' as FreightStatus,
      status: 'cancelled' as FreightStatus,
    };
  }
  if (event.name === 'load.moved') return event.data;
  return null;
}

/**
 * A load moved: its room hears the status; a carrier that a cancelled load was booked to sees it leave its list;
 * everyone on the load but the mover is told (a booking's people by the booking, below). The load's documents are
 * asked for by loadDocuments/projector.ts.
 */
export const loadMovesProjector = registerProjector({
  name: 'load-moves',
  applicableEvents: ['load.moved', 'load.withdrawn'],
  async handle(event) {
    const move = moveOf(event);
    if (!move) return;
    const { load: listing, status: to, previous } = move;
    const freightId = listing.id;
    const moverId = event.actor.userId;
    publish('freight:status', rooms.freight(freightId), {
      freightId,
      status: to,
      previousStatus: previous,
      changedBy: moverId ?? listing.userId,
      changedAt: listing.updatedAt,
    });
    if (to === 'cancelled' && listing.carrierId) {
      publish('freight:updated', rooms.user(listing.carrierId), { listing });
    }
    if (to === 'booked') {
      await notifyBooked(event, listing);
      return;
    }
    const others = participantsOf(listing).filter((id) => id !== moverId);
    await Promise.all(
      others.map((userId) =>
        notify({
          userId,
          kind: 'freight_status',
          title: `Load ${STATUS_TEXT[to] ?? `is ${to}`}`,
          body: `${listing.title} (${placeName(listing.originCity, listing.originState)} → ${placeName(listing.destinationCity, listing.destinationState)}) ${STATUS_TEXT[to] ?? `is ${to}`}.`,
          link: to === 'cancelled' ? '/freight' : `/tracking/${freightId}`,
          dedupeKey: `freight-status:${freightId}-${to}-${userId}`,
        }),
      ),
    );
  },
});

/**
 * The other side hears of a booking: the carrier of its approved request or accepted offer; the broker of its
 * counter offer the carrier accepted (`bookedBy`: who approved or accepted, as journalled).
 */
async function notifyBooked(event: AnyDomainEvent, load: FreightListingDto): Promise<void> {
  const carrierId = load.carrierId;
  if (!carrierId) return;
  const { requestId, negotiationId, bookedBy } = event.subjects;
  const dedupeKey = `booked:${load.id}-${carrierId}`;
  const rate = formatUsd(load.rate ?? 0);
  if (negotiationId && bookedBy === carrierId) {
    await notify({
      userId: load.brokerId ?? load.userId,
      kind: 'negotiation',
      title: 'Counter offer accepted',
      body: `The carrier accepted ${rate} for ${load.title}: the load is booked.`,
      link: `/loads/${load.id}`,
      dedupeKey,
    });
    return;
  }
  await notify({
    userId: carrierId,
    kind: requestId ? 'booking_reviewed' : 'negotiation',
    title: requestId ? 'Booking request approved' : 'Rate offer accepted',
    body: requestId
      ? `${load.title} is booked to you. Track it and chat with the shipper.`
      : `Your offer of ${rate} on ${load.title} was accepted: the load is booked to you.`,
    link: `/tracking/${load.id}`,
    dedupeKey,
  });
}
