import {
  BOOKED_ELSEWHERE_REASON,
  WITHDRAWN_REASON,
  DELIVERY_RADIUS_MILES,
  DELIVERY_REASON_NEEDED,
  haversineMiles,
  type FreightStatus,
  FREIGHT_TRANSITIONS,
} from '@freight/shared';
import mongoose, { Schema, Types, type InferSchemaType } from 'mongoose';
import { AppError, conflict, notFound } from '../../http/errors';
import {
  AggregateBusyError,
  holdsAggregate,
  withAggregate,
  withAggregates,
  type AggregateRef,
} from '../../infra/concurrency';
import { oncePerDatabase } from '../../infra/maintenanceMarks';
import { authorize, type Actor } from '../../policies';
import { openChatRoom } from '../tracking/chatRooms';
import { FreightPhotoModel, LoadPositionModel, placeOf } from '../tracking/model';
import { announceLoadBooked, announceLoadMoved } from './announce';
import { announceBookingRequestClosed } from './bookingRequests/announce';
import { BookingRequestModel, type BookingRequest } from './bookingRequests/model';
import { FreightModel, ratePerMileCentsOf, toFreightDto, type FreightListing } from './model';
import { announceOfferClosed } from './negotiations/announce';
import { NegotiationModel, type Negotiation } from './negotiations/model';
import { bookingRequestViews, negotiationViews } from './views';

/**
 * The load's status machine, the one entry point for every move of a load (moveLoad) and for every change of the
 * load aggregate (withLoad: the load, its booking requests and its rate offers):
 *   available  → booked      a booking request is approved or a rate offer accepted (bookLoad below)
 *   booked     → in_transit  the booked carrier starts the trip, or reports Loaded (tracking stop events)
 *   in_transit → delivered   the booked carrier, with a delivery photo on record (tracking)
 *   available  → cancelled   whoever runs the load (Remove on the Broker Hub, or cancel on tracking)
 *   booked     → cancelled   whoever runs the load
 * Anything else is refused with 409. Every move runs under the load's lease (DESIGN §2.1a) and is written with an
 * update conditional on the status read (the second guard).
 */

export function canTransition(from: FreightStatus, to: FreightStatus): boolean {
  return FREIGHT_TRANSITIONS[from]?.includes(to) ?? false;
}

/** Who makes a move: a signed-in user, or the system (the repair pass finishing an operation it was asked for). */
export type Mover = Actor | 'system';
const moverId = (by: Mover) => (by === 'system' ? null : by.id);

/** Who may make each move (booked: the booking flow decides, see bookLoad). */
const WHO_MAY = {
  in_transit: { action: 'tracking:advance', message: 'Only the booked carrier can change this status' },
  delivered: { action: 'tracking:advance', message: 'Only the booked carrier can change this status' },
  cancelled: { action: 'freight:manage', message: 'Only the poster can cancel this load' },
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The load's lease

/**
 * Runs `fn` holding the load's lease, plus `also` (e.g. the carrier whose booking limit is checked) taken in the same
 * sorted call. A booking that a crash left half-done is finished first, so whatever `fn` reads is whole.
 */
export function withLoad<T>(loadId: unknown, fn: () => Promise<T>, also: AggregateRef[] = []): Promise<T> {
  const reentered = holdsAggregate('load', loadId); // inside its own flow, which may be the booking itself
  return withAggregates([{ kind: 'load', id: String(loadId) }, ...also], async () => {
    if (!reentered) await finishOpenBooking(loadId);
    return fn();
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Moves

export type LoadMove =
  | { to: 'booked'; carrierId: string; rateCents?: number | null }
  | { to: 'in_transit' | 'cancelled' }
  /** `deliveryNote`: why it is marked away from the delivery place (without one it must be marked there). */
  | { to: 'delivered'; deliveryNote?: string };

const cannot = (from: string, to: string) =>
  conflict(`A ${from.replace('_', ' ')} load cannot become ${to.replace('_', ' ')}`);

/**
 * Moves the load, with everything that changes with it, and announces it. `expect` (a status the caller read and
 * acted on) makes the move fail with 409 if the load has left it meanwhile. Resolves with the load before and after.
 */
export async function moveLoad(
  by: Mover,
  loadId: unknown,
  move: LoadMove,
  opts: { expect?: FreightStatus } = {},
): Promise<{ before: FreightListing; after: FreightListing }> {
  if (!holdsAggregate('load', loadId)) return withLoad(loadId, () => moveLoad(by, loadId, move, opts));
  const before = await FreightModel.findById(loadId).lean<FreightListing>();
  if (!before) throw notFound('Load not found');
  const from = before.status as FreightStatus;
  if (move.to !== 'booked' && by !== 'system') {
    const rule = WHO_MAY[move.to];
    authorize(by, rule.action, before, { message: rule.message });
  }
  if (opts.expect && opts.expect !== from) throw conflict('The load changed meanwhile; reload and try again');
  if (!canTransition(from, move.to)) throw cannot(from, move.to);
  if (
    move.to === 'delivered' &&
    !(await FreightPhotoModel.exists({ freightListingId: before._id, photoType: 'delivery' }))
  ) {
    throw conflict('Upload a delivery photo before marking the load delivered');
  }
  if (move.to === 'delivered' && !move.deliveryNote) await assertAtDeliveryPlace(before);

  const set: Record<string, unknown> = { status: move.to };
  if (move.to === 'delivered') {
    set.deliveryNote = move.deliveryNote ?? null;
    set.deliveredAt = new Date();
  }
  if (move.to === 'booked') {
    set.carrierId = new Types.ObjectId(move.carrierId);
    if (move.rateCents != null && move.rateCents !== before.rateCents) {
      set.postedRateCents = before.postedRateCents ?? before.rateCents;
      set.rateCents = move.rateCents;
      set.ratePerMileCents = ratePerMileCentsOf(move.rateCents, before.distance);
    }
  }
  const after = await FreightModel.findOneAndUpdate(
    { _id: before._id, status: from },
    { $set: set },
    { new: true },
  ).lean<FreightListing>();
  if (!after) throw conflict('The load changed meanwhile; reload and try again');
  await afterMove(by, before, after);
  return { before, after };
}

/**
 * A delivery is marked where it happens (issue 16): the load's last shared position within DELIVERY_RADIUS_MILES of
 * the delivery place, or the carrier gives a reason (the caller's `deliveryNote`). A delivery place the gazetteer
 * cannot place (outside the US) is not checked.
 */
async function assertAtDeliveryPlace(load: FreightListing): Promise<void> {
  const place = placeOf(
    load.destinationLat,
    load.destinationLng,
    load.destinationCity,
    load.destinationState,
  );
  if (!place) return;
  const position = await LoadPositionModel.findById(load._id).lean();
  const here =
    position ??
    (load.currentLat != null && load.currentLng != null
      ? { lat: load.currentLat, lng: load.currentLng }
      : null);
  const where = `${load.destinationCity}, ${load.destinationState}`;
  if (!here) {
    throw new AppError(
      'CONFLICT',
      `No location has been shared for this load: share your location at ${where}, or give a reason the shipper will see`,
      [{ code: DELIVERY_REASON_NEEDED, milesAway: null }],
    );
  }
  const miles = haversineMiles(here.lat, here.lng, place.lat, place.lng);
  if (miles > DELIVERY_RADIUS_MILES) {
    throw new AppError(
      'CONFLICT',
      `Your last location is ${Math.round(miles)} miles from the delivery place (${where}): mark it delivered there, or give a reason the shipper will see`,
      [{ code: DELIVERY_REASON_NEEDED, milesAway: Math.round(miles) }],
    );
  }
}

/** What follows a move (each step idempotent, so a repeat after a crash completes it), then the announcements. */
async function afterMove(by: Mover, before: FreightListing, after: FreightListing): Promise<void> {
  const to = after.status as FreightStatus;
  if (to === 'booked' || to === 'cancelled') await rejectOpenInterest(after, by);
  if (to === 'booked') await openChatRoomOf(after);
  await announceLoadMoved(moverId(by), before, after);
}

async function openChatRoomOf(load: FreightListing): Promise<void> {
  await openChatRoom({
    freightId: String(load._id),
    shipperId: String(load.shipperId ?? load.userId),
    carrierId: String(load.carrierId),
  });
}

/**
 * Closes everything still open on a load that stopped being available: pending booking requests and pending or
 * countered offers are rejected (the accepted one and the approved one are not open), and their carriers told.
 */
async function rejectOpenInterest(load: FreightListing, by: Mover): Promise<void> {
  const now = new Date();
  // What the carriers are told (issue 23): the poster withdrew the load, or another carrier got it.
  const closedReason = load.status === 'cancelled' ? WITHDRAWN_REASON : BOOKED_ELSEWHERE_REASON;
  const listing = toFreightDto(load);
  const reviewedBy = moverId(by) ?? String(load.userId);
  const requests = await BookingRequestModel.find({ freightListingId: load._id, status: 'pending' }).lean<
    BookingRequest[]
  >();
  const rejectedRequests: BookingRequest[] = [];
  for (const r of requests) {
    const updated = await BookingRequestModel.findOneAndUpdate(
      { _id: r._id, status: 'pending' },
      {
        $set: {
          status: 'rejected',
          reviewedAt: now,
          reviewedBy: new Types.ObjectId(reviewedBy),
          pendingKey: String(r._id),
          closedReason,
        },
      },
      { new: true },
    ).lean<BookingRequest>();
    if (updated) rejectedRequests.push(updated);
  }
  for (const request of await bookingRequestViews(rejectedRequests)) {
    await announceBookingRequestClosed(request, listing);
  }

  const rejectedOffers: Negotiation[] = [];
  for (const status of ['pending', 'counter_offered'] as const) {
    const offers = await NegotiationModel.find({ freightListingId: load._id, status }).lean<Negotiation[]>();
    for (const n of offers) {
      const updated = await NegotiationModel.findOneAndUpdate(
        { _id: n._id, status },
        { $set: { status: 'rejected', respondedAt: now, closedReason } },
        { new: true },
      ).lean<Negotiation>();
      if (updated) rejectedOffers.push(updated);
    }
  }
  for (const negotiation of await negotiationViews(rejectedOffers)) {
    await announceOfferClosed(negotiation, listing);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Booking: several writes, journalled so that a crash at any point is finished by the next change of the load or
// by the repair pass at boot.

/**
 * An open booking of a load (at most one per load): written before the first step, deleted after the last. What it
 * names is the whole intent, so finishing it needs nothing else.
 */
const openBookingSchema = new Schema({
  freightListingId: { type: Schema.Types.ObjectId, required: true },
  carrierId: { type: Schema.Types.ObjectId, required: true },
  actorId: { type: Schema.Types.ObjectId, required: true },
  requestId: { type: Schema.Types.ObjectId, default: null },
  negotiationId: { type: Schema.Types.ObjectId, default: null },
  rateCents: { type: Number, default: null },
  createdAt: { type: Date, default: Date.now },
});
openBookingSchema.index({ freightListingId: 1 }, { unique: true });
type OpenBooking = InferSchemaType<typeof openBookingSchema> & { _id: Types.ObjectId };
export const OpenBookingModel = mongoose.model('OpenBooking', openBookingSchema);

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
async function finishOpenBooking(loadId: unknown): Promise<void> {
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

  // The request or offer first (approved / accepted), or, when the load went elsewhere, rejected (an approval
  // stored before the crash is taken back: the load never became this carrier's).
  if (op.requestId) {
    for (const from of goesThrough ? ['pending'] : ['pending', 'approved']) {
      await BookingRequestModel.updateOne(
        { _id: op.requestId, status: from },
        {
          $set: {
            status: goesThrough ? 'approved' : 'rejected',
            reviewedAt: now,
            reviewedBy: op.actorId,
            pendingKey: String(op.requestId),
          },
        },
      );
    }
  }
  if (op.negotiationId) {
    const open = ['pending', 'counter_offered'];
    for (const from of goesThrough ? open : [...open, 'accepted']) {
      await NegotiationModel.updateOne(
        { _id: op.negotiationId, status: from },
        { $set: { status: goesThrough ? 'accepted' : 'rejected', respondedAt: now } },
      );
    }
  }
  if (bookable) {
    const moved = await moveLoad('system', op.freightListingId, {
      to: 'booked',
      carrierId,
      rateCents: op.rateCents,
    });
    load = moved.after;
  } else if (load && goesThrough && load.status === 'booked') {
    // Booked before a crash: the rest of the move (other interest closed, chat room) may not have happened.
    await rejectOpenInterest(load, 'system');
    await openChatRoomOf(load);
  }
  if (goesThrough && load) await announceLoadBooked(op, load);
  await OpenBookingModel.deleteOne({ _id: op._id });
  return goesThrough ? load : null;
}

/**
 * Finishes every booking a crash left open (once per boot; idempotent, so two processes running it at once only
 * repeat each other's work). Each under its load's lease, so it never interleaves with a live change.
 */
export async function repairOpenBookings(log: (msg: string, err?: unknown) => void): Promise<number> {
  const open = await OpenBookingModel.find({}).limit(10_000).lean<OpenBooking[]>();
  let repaired = 0;
  for (const op of open) {
    try {
      await withAggregates(
        [
          { kind: 'load', id: String(op.freightListingId) },
          { kind: 'user', id: String(op.carrierId) },
        ],
        () => finishOpenBooking(op.freightListingId),
      );
      repaired++;
    } catch (err) {
      if (!(err instanceof AppError)) log('repairing an open booking failed', err);
    }
  }
  return repaired;
}

/**
 * Data written before bookings were journalled (by the transition locks this module replaced) can hold half-done
 * bookings no journal names. One sweep per database finds them with top-level equalities and finishes or undoes
 * each through the same journal: an approved request whose load is not its carrier's (booked to it if the load is
 * still available, rejected otherwise); a booked or moving load with requests or offers still open, or without its
 * chat room. A mark records that the database was swept.
 */
export const LEGACY_SWEEP = 'load-bookings-v1';

function sweepLegacyBookings(log: (msg: string, err?: unknown) => void): Promise<void> {
  return oncePerDatabase(LEGACY_SWEEP, async () => {
    const guarded = async (what: string, run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (err) {
        log(`repairing ${what} failed`, err);
      }
    };
    const approved = await BookingRequestModel.find(
      { status: 'approved' },
      { freightListingId: 1, carrierId: 1, reviewedBy: 1, shipperId: 1 },
    ).lean<BookingRequest[]>();
    for (const r of approved) {
      const load = await FreightModel.findById(r.freightListingId, { carrierId: 1 }).lean<FreightListing>();
      if (load && String(load.carrierId) === String(r.carrierId)) continue;
      await guarded('an approved request', () =>
        withAggregates(
          [
            { kind: 'load', id: String(r.freightListingId) },
            { kind: 'user', id: String(r.carrierId) },
          ],
          async () => {
            await OpenBookingModel.create({
              freightListingId: r.freightListingId,
              carrierId: r.carrierId,
              actorId: r.reviewedBy ?? r.shipperId,
              requestId: r._id,
            }).catch((err: { code?: number }) => {
              if (err.code !== 11000) throw err; // one is open already: finishing it settles this load
            });
            await finishOpenBooking(r.freightListingId);
          },
        ),
      );
    }
    for (const status of ['booked', 'in_transit'] as const) {
      const loads = await FreightModel.find({ status }, { _id: 1 }).lean<Array<{ _id: Types.ObjectId }>>();
      for (const { _id } of loads) {
        await guarded('a booked load', () =>
          withLoad(_id, async () => {
            const load = await FreightModel.findById(_id).lean<FreightListing>();
            if (!load?.carrierId || load.status !== status) return;
            await rejectOpenInterest(load, 'system');
            await openChatRoomOf(load);
          }),
        );
      }
    }
  });
}

/**
 * The repair pass, once per boot: open bookings finished, and (once per database) the legacy sweep. Its own lease
 * keeps two processes booting together from running it at once (the one that finds it taken leaves it to the
 * other); it is never taken inside another lease, so it cannot deadlock.
 */
export async function repairLoadsOnce(log: (msg: string, err?: unknown) => void): Promise<void> {
  try {
    await withAggregate(
      'maintenance',
      'load-repair',
      async () => {
        await repairOpenBookings(log);
        await sweepLegacyBookings(log);
      },
      { waitMs: 0 },
    );
  } catch (err) {
    if (!(err instanceof AggregateBusyError)) log('the load repair pass failed', err);
  }
}
