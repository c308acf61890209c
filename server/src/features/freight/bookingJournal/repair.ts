import type { Types } from 'mongoose';
import { AppError } from '../../../http/errors';
import { AggregateBusyError, withAggregate, withAggregates } from '../../../infra/concurrency';
import { oncePerDatabase } from '../../../infra/maintenanceMarks';
import { BookingRequestModel, type BookingRequest } from '../bookingRequests/model';
import { FreightModel, type FreightListing } from '../model';
import { followMove } from '../status';
import { finishOpenBooking, withLoad } from './journal';
import { OpenBookingModel, type OpenBooking } from './model';

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
            await followMove('system', load);
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
