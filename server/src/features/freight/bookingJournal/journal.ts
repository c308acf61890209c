import { conflict } from '../../../http/errors';
import { holdsAggregate, withAggregates, type AggregateRef } from '../../../infra/concurrency';
import { Types } from 'mongoose';
// Imported for their reactions to a load's move too (registered in this order: requests close before offers).
import { closeBookingRequest } from '../bookingRequests/close';
import { closeOffer } from '../negotiations/close';
import { stampChangedParties } from '../../companies/stamps';
import { FreightModel, toFreightDto, type FreightListing } from '../model';
import { afterMove, followMove, moveLoad, type LoadMove } from '../status';
import { OpenBookingModel, type OpenBooking } from './model';

// Booking: several writes, journalled so that a crash at any point is finished by the next change of the load or by
// the repair pass at boot (./repair.ts).

/**
 * Runs `fn` holding the load's lease (the load, its booking requests and its rate offers), plus `also` (e.g. the
 * carrier whose booking limit is checked) taken in the same sorted call. A booking that a crash left half-done is
 * finished first, so whatever `fn` reads is whole.
 */
export function withLoad<T>(loadId: unknown, fn: () => Promise<T>, also: AggregateRef[] = []): Promise<T> {
  const reentered = holdsAggregate('load', loadId); // inside its own flow, which may be the booking itself
  return withAggregates([{ kind: 'load', id: String(loadId) }, ...also], async () => {
    if (!reentered) await finishOpenBooking(loadId);
    return fn();
  });
}

export interface Booking {
  loadId: unknown;
  carrierId: string;
  actorId: string;
  requestId?: string;
  negotiationId?: string;
  /** The agreed rate (an accepted offer); the posted rate stands when absent. */
  rateCents?: number | null;
}

/**
 * Books an available load to a carrier: the request approved (or the offer accepted), the load booked, every other
 * request and offer rejected, the chat room opened. Caller holds the load's lease and the carrier's (withLoad) and
 * has checked the load is available, the request or offer is open and the carrier's plan allows another booking.
 */
export async function bookLoad(booking: Booking): Promise<{ after: FreightListing }> {
  if (!holdsAggregate('load', booking.loadId)) throw new Error('bookLoad runs under the load lease');
  const journal = await OpenBookingModel.create({
    freightListingId: booking.loadId,
    carrierId: booking.carrierId,
    actorId: booking.actorId,
    requestId: booking.requestId ?? null,
    negotiationId: booking.negotiationId ?? null,
    rateCents: booking.rateCents ?? null,
  });
  const after = await finishBooking(journal.toObject() as OpenBooking);
  if (!after) throw conflict('This load is no longer available');
  return { after };
}

/** The open booking of this load, if a crash left one, finished (caller holds the load's lease). */
export async function finishOpenBooking(loadId: unknown): Promise<void> {
  if (!Types.ObjectId.isValid(String(loadId))) return;
  const open = await OpenBookingModel.findOne({
    freightListingId: new Types.ObjectId(String(loadId)),
  }).lean<OpenBooking>();
  if (open) await finishBooking(open);
}

/**
 * Takes a journalled booking to its end, whichever steps already happened: the load booked to the carrier (the
 * request approved / offer accepted first), or, when the load went elsewhere meanwhile, the request or offer
 * rejected. Every step is conditional, so repeating it changes nothing that is done. Null when undone.
 */
async function finishBooking(op: OpenBooking): Promise<FreightListing | null> {
  const carrierId = String(op.carrierId);
  const now = new Date();
  let load = await FreightModel.findById(op.freightListingId).lean<FreightListing>();
  const bookable = load?.status === 'available';
  // Booked to this carrier already: the crash came after the load moved (a load never returns to available).
  const goesThrough = bookable || Boolean(load && String(load.carrierId) === carrierId);
  const move: LoadMove = { to: 'booked', carrierId, rateCents: op.rateCents };
  // The load as the booking leaves it, known before any step: the approval's and acceptance's facts carry it.
  const booked =
    load && bookable
      ? await stampChangedParties(FreightModel.schema, load, afterMove(load, move, now))
      : load;
  const listing = booked ? toFreightDto(booked) : null;

  // The request or offer first (approved / accepted), or, when the load went elsewhere, rejected (an approval
  // stored before the crash is taken back: the load never became this carrier's).
  if (op.requestId) {
    for (const from of goesThrough ? (['pending'] as const) : (['pending', 'approved'] as const)) {
      await closeBookingRequest(
        op.requestId,
        { from, to: goesThrough ? 'approved' : 'rejected', by: op.actorId, at: now },
        { fact: 'booking.reviewed', load: listing },
      );
    }
  }
  if (op.negotiationId) {
    const open = ['pending', 'counter_offered'] as const;
    for (const from of goesThrough ? open : [...open, 'accepted' as const]) {
      await closeOffer(
        op.negotiationId,
        { from, to: goesThrough ? 'accepted' : 'rejected', at: now },
        { by: String(op.actorId), load: listing },
      );
    }
  }
  if (bookable) {
    const moved = await moveLoad('system', op.freightListingId, move, {
      at: now,
      subjects: {
        bookedBy: String(op.actorId),
        ...(op.requestId ? { requestId: String(op.requestId) } : {}),
        ...(op.negotiationId ? { negotiationId: String(op.negotiationId) } : {}),
      },
    });
    load = moved.after;
  } else if (load && goesThrough && load.status === 'booked') {
    // Booked before a crash: the rest of the move (other interest closed, chat room) may not have happened; its
    // fact, if the crash left it pending, was settled by the load's lease (events/record.ts).
    await followMove('system', load);
  }
  await OpenBookingModel.deleteOne({ _id: op._id });
  return goesThrough ? load : null;
}
