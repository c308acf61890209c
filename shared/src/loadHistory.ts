import { z } from 'zod';
import type { AnyDomainEvent, DomainEventName } from './domainEvents';
import type { FreightStatus } from './enums';
import type { NegotiationStep } from './freight';
import { formatUsd } from './money';
import { PHOTO_TYPE_LABELS, stopEventText } from './tracking';
import { clockTimeText, durationText, type StopVisitSource } from './stopClock';

/**
 * A load's history (issue 26): every fact of the load, in order, as its participants read it ("Offer countered to
 * $1,900" by Dana Ruiz, Acme Freight). Chat messages are left out: the chat shows them, and a history with every
 * message in it would hide the trip. Ratings are in (they are public on the companies' profiles); invoices are not
 * (their money is for the money roles, and a driver or a viewer reads this history too).
 */
export const LOAD_HISTORY_EVENTS = [
  'load.posted',
  'load.edited',
  'load.withdrawn',
  'load.moved',
  'booking.requested',
  'booking.reviewed',
  'booking.closed',
  'offer.made',
  'offer.revised',
  'offer.countered',
  'offer.accepted',
  'offer.rejected',
  'offer.expired',
  'offer.withdrawn',
  'truckPost.loadOffered',
  'stop.reported',
  'stop.arrived',
  'stop.departed',
  'stop.freeTimeEnding',
  'photo.added',
  'position.recorded',
  'loadDocument.ready',
  'load.assigned',
  'dock.pinned',
  'rating.given',
  'rating.changed',
] as const satisfies readonly DomainEventName[];

export interface LoadHistoryEntryDto {
  id: string;
  seq: number;
  name: DomainEventName;
  at: string;
  /** What happened, in a few words. */
  text: string;
  /** Who did it ("Dana Ruiz, Acme Freight"); null for the system (an expiry, a document made by the worker). */
  by: string | null;
}

/** GET /api/freight/:id/history: oldest first, a page at a time (`after`: the last `seq` read). */
export interface LoadHistoryPageDto {
  entries: LoadHistoryEntryDto[];
  /** Pass as `after` for the next page; null when this was the last. */
  next: number | null;
}

const MOVED_TEXT: Record<FreightStatus, string> = {
  available: 'Available again',
  booked: 'Booked',
  in_transit: 'In transit',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const usd = (n: number | null | undefined) => (n == null ? 'no rate' : formatUsd(n));

/** The round a fact of an offer added (absent from facts recorded before offers kept their rounds). */
const lastRound = (offer: { history?: NegotiationStep[] }) => offer.history?.at(-1);
/** The round's message, quoted after its words ('' without one). */
const said = (offer: { history?: NegotiationStep[] }) => {
  const message = lastRound(offer)?.message;
  return message ? `: “${message}”` : '';
};

/** A stop as a history line names it: "Acme DC (pickup)", "Acme DC (stop 2, delivery)". */
const stopWords = (d: {
  facilityName: string;
  stop: { sequence: number; kind: string; stopCount: number };
}) => `${d.facilityName} (${d.stop.stopCount > 2 ? `stop ${d.stop.sequence}, ` : ''}${d.stop.kind})`;
const sourceWords = (source: StopVisitSource) => (source === 'check_in' ? ' (check-in)' : '');

/** The words of one fact in a load's history. */
export function describeLoadFact(event: AnyDomainEvent): string {
  switch (event.name) {
    case 'load.posted':
      return 'Load posted';
    case 'load.edited':
      return event.data.changed.length > 0 ? `Load edited: ${event.data.changed.join(', ')}` : 'Load edited';
    case 'load.withdrawn':
      return event.data.reason ? `Load withdrawn: ${event.data.reason}` : 'Load withdrawn';
    case 'load.moved': {
      const moved = MOVED_TEXT[event.data.status] ?? `Moved to ${event.data.status}`;
      const receipt = event.data.delivery;
      if (!receipt) return moved;
      const exception = receipt.exception === 'none' ? '' : `, exception: ${receipt.exception}`;
      return `${moved}: signed for by ${receipt.receiverName}${exception}`;
    }
    case 'booking.requested':
      return 'Booking requested';
    case 'booking.reviewed':
      return event.data.request.status === 'approved'
        ? 'Booking request approved'
        : 'Booking request rejected';
    case 'booking.closed':
      return event.data.request.closedReason
        ? `Booking request closed: ${event.data.request.closedReason}`
        : 'Booking request closed';
    case 'offer.made':
      return `Offer of ${usd(event.data.offer.proposedRate)} made${said(event.data.offer)}`;
    case 'offer.revised':
      return `Offer revised to ${usd(event.data.offer.proposedRate)}${said(event.data.offer)}`;
    case 'offer.countered': {
      // Either side's round (issue 39): the figure is the round's own (older facts: the broker's counter).
      const round = lastRound(event.data.offer);
      return `Offer countered to ${usd(round?.rate ?? event.data.offer.counterRate)}${said(event.data.offer)}`;
    }
    case 'offer.accepted':
      return `Offer of ${usd(event.data.offer.counterRate ?? event.data.offer.proposedRate)} accepted`;
    case 'offer.rejected':
      return event.data.reason ? `Offer rejected: ${event.data.reason}` : 'Offer rejected';
    case 'offer.expired':
      return 'Offer expired';
    case 'offer.withdrawn':
      return 'Offer withdrawn';
    case 'truckPost.loadOffered':
      return `Offered to ${event.data.offer.carrierCompany ?? event.data.offer.carrierName ?? 'a carrier'}'s posted truck at ${usd(event.data.offer.counterRate)}`;
    case 'stop.reported':
      return stopEventText(event.data.stop);
    case 'stop.arrived':
      return `Arrived at ${stopWords(event.data)}${sourceWords(event.data.source)} at ${clockTimeText(event.data.at, event.data.timeZone)}`;
    case 'stop.departed': {
      const dwell = event.data.dwellMinutes != null ? ` after ${durationText(event.data.dwellMinutes)}` : '';
      return `Left ${stopWords(event.data)}${sourceWords(event.data.source)} at ${clockTimeText(event.data.at, event.data.timeZone)}${dwell}`;
    }
    case 'stop.freeTimeEnding':
      return `Free time at ${stopWords(event.data)} ends at ${clockTimeText(event.data.detentionStartsAt, event.data.timeZone)}: detention starts then`;
    case 'photo.added':
      return `Photo added: ${PHOTO_TYPE_LABELS[event.data.photo.photoType] ?? 'photo'}`;
    case 'position.recorded':
      return `Position ${event.data.point.lat.toFixed(3)}, ${event.data.point.lng.toFixed(3)}`;
    case 'loadDocument.ready':
      return `${event.data.document.title} ready`;
    case 'load.assigned':
      return `${event.data.previous ? 'Reassigned' : 'Assigned'} to truck ${event.data.assignment.truckUnit} and driver ${event.data.assignment.driverFirstName}`;
    case 'rating.given':
      return `Rated ${event.data.rating.toName} ${event.data.rating.overall} of 5`;
    case 'rating.changed':
      return `Rating of ${event.data.rating.toName} changed from ${event.data.previous.overall} to ${event.data.rating.overall} of 5`;
    case 'dock.pinned':
      return event.data.sequence
        ? `Stop ${event.data.sequence} (${event.data.stop}) dock pinned on the map`
        : `${event.data.stop === 'pickup' ? 'Pickup' : 'Delivery'} dock pinned on the map`;
    default:
      return event.name;
  }
}

export const isLoadHistoryEvent = (name: string): boolean =>
  (LOAD_HISTORY_EVENTS as readonly string[]).includes(name);

export const loadHistoryQuerySchema = z.object({
  after: z.coerce.number().int().min(0).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});

export interface LoadHistoryEvents {
  /** A new fact of a load (room `freight:<id>`, its participants). */
  'load:history': (payload: { freightId: string; entry: LoadHistoryEntryDto }) => void;
}
