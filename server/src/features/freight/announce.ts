import { formatUsd, rooms, type FreightListingDto, type FreightStatus } from '@freight/shared';
import { publish } from '../../realtime/publish';
import { requestLoadDocument } from '../loadDocuments/queue';
import { notify } from '../notifications/service';
import { publishListingChange } from './book/channel';
import { liveBook } from './book/live';
import { participantIds, toFreightDto, type FreightListing } from './model';

/**
 * The one call every write of a listing makes after it is stored (posted, edited, booked, moved, cancelled), from
 * services and workers alike. The change goes on the Redis listings channel, from which every web process's
 * open-load book takes it and pushes it to the boards it concerns; this process's own book takes it at once, so
 * the writer's next search already sees it.
 */
export function announceListingChange(kind: 'posted' | 'updated', listing: FreightListingDto): void {
  liveBook()?.receive({ kind, listing });
  publishListingChange({ kind, listing });
}

const STATUS_TEXT: Partial<Record<FreightStatus, string>> = {
  in_transit: 'is in transit',
  delivered: 'has been delivered',
  cancelled: 'has been cancelled',
};

/**
 * A load moved from `before` to `after`, by `moverId` (null: the system). Everyone on the load hears of it but the
 * mover; a carrier that a cancelled load was booked to sees it leave its list. A booking's people are told by the
 * booking flow (announceLoadBooked).
 */
export async function announceLoadMoved(
  moverId: string | null,
  before: FreightListing,
  after: FreightListing,
): Promise<void> {
  const to = after.status as FreightStatus;
  const freightId = String(after._id);
  const listing = toFreightDto(after);
  announceListingChange('updated', listing);
  publish('freight:status', rooms.freight(freightId), {
    freightId,
    status: to,
    previousStatus: before.status as FreightStatus,
    changedBy: moverId ?? String(after.userId),
    changedAt: (after.updatedAt ?? new Date()).toISOString(),
  });
  if (to === 'cancelled' && before.carrierId) {
    publish('freight:updated', rooms.user(String(before.carrierId)), { listing });
  }
  // The proof of delivery is made by the worker (or by the first download, should this job be lost).
  if (to === 'delivered') await requestLoadDocument(freightId, 'proof_of_delivery');
  if (to === 'booked') return;
  const others = [...new Set(participantIds(after))].filter((id) => id !== moverId);
  await Promise.all(
    others.map((userId) =>
      notify({
        userId,
        kind: 'freight_status',
        title: `Load ${STATUS_TEXT[to] ?? `is ${to}`}`,
        body: `${after.title} (${after.originCity}, ${after.originState} → ${after.destinationCity}, ${after.destinationState}) ${STATUS_TEXT[to] ?? `is ${to}`}.`,
        link: to === 'cancelled' ? '/freight' : `/tracking/${freightId}`,
        // One colon at most: the key becomes a BullMQ job id (`n:<key>`), which allows exactly two.
        dedupeKey: `freight-status:${freightId}-${to}-${userId}`,
      }),
    ),
  );
}

/** A booking that went through (the ids as journalled: the request approved or the offer accepted, by `actorId`). */
export interface BookedBy {
  carrierId: unknown;
  actorId: unknown;
  requestId?: unknown;
  negotiationId?: unknown;
  rateCents?: number | null;
}

/**
 * The other side hears of the booking (once, whatever repeats): the carrier of its approved request or accepted
 * offer; the broker of its counter offer the carrier accepted. The load's rate confirmation is asked for.
 */
export async function announceLoadBooked(booking: BookedBy, load: FreightListing): Promise<void> {
  const carrierId = String(booking.carrierId);
  // The rate confirmation is made by the worker (or by the first download, should this job be lost).
  await requestLoadDocument(String(load._id), 'rate_confirmation');
  const dedupeKey = `booked:${String(load._id)}-${carrierId}`;
  const rate = formatUsd((booking.rateCents ?? 0) / 100);
  if (booking.negotiationId && String(booking.actorId) === carrierId) {
    await notify({
      userId: String(load.brokerId ?? load.userId),
      kind: 'negotiation',
      title: 'Counter offer accepted',
      body: `The carrier accepted ${rate} for ${load.title}: the load is booked.`,
      link: `/loads/${String(load._id)}`,
      dedupeKey,
    });
    return;
  }
  await notify({
    userId: carrierId,
    kind: booking.requestId ? 'booking_reviewed' : 'negotiation',
    title: booking.requestId ? 'Booking request approved' : 'Rate offer accepted',
    body: booking.requestId
      ? `${load.title} is booked to you. Track it and chat with the shipper.`
      : `Your offer of ${rate} on ${load.title} was accepted: the load is booked to you.`,
    link: `/tracking/${String(load._id)}`,
    dedupeKey,
  });
}
