import {
  ACTIVE_TRIP_STATUSES,
  DONE_TRIP_STATUSES,
  type Page,
  type TripDto,
  type TripStopDto,
} from '@freight/shared';
import { Types } from 'mongoose';
import { iso } from '../../http/dto';
import type { PageQuery } from '../../http/validate';
import type { Actor } from '../../policies';
import { drives } from '../../policies/freight';
import { viewerTrackingActions } from '../../policies/tracking';
import { FreightModel, toAssignmentDto, type FreightListing } from '../freight/model';
import { toStopViewDto } from '../freight/stops';
import { stopsDoneAt } from '../tracking/stops/service';

/**
 * Where the driver goes next: the pickup while the load is booked (not loaded yet); in transit, the first stop in
 * between not reported done, else the delivery; with the stop's details (issue 39; the trip reaches its assigned
 * driver only). `done`: the stops in between reported done, by number.
 */
export function nextStopOf(
  load: FreightListing,
  done: ReadonlyMap<number, Date> = new Map(),
): TripStopDto | null {
  if (load.status === 'booked') return toStopViewDto(load, 'pickup');
  if (load.status !== 'in_transit') return null;
  const extra = (load.extraStops ?? []).findIndex((_, i) => !done.has(i + 2));
  return extra >= 0 ? toStopViewDto(load, { extra }) : toStopViewDto(load, 'delivery');
}

/** A trip as its driver reads it: the stops in between reported done are read for a load in transit that has them. */
export async function tripOf(actor: Actor, load: FreightListing): Promise<TripDto> {
  const done = load.status === 'in_transit' ? await stopsDoneAt(load) : new Map<number, Date>();
  return toTripDto(actor, load, done);
}

/** A load as the driver's My Trips shows it, with what this driver may do on it. */
export function toTripDto(actor: Actor, load: FreightListing, done?: ReadonlyMap<number, Date>): TripDto {
  return {
    id: String(load._id),
    title: load.title,
    status: load.status as TripDto['status'],
    pickupCity: load.originCity,
    pickupState: load.originState,
    deliveryCity: load.destinationCity,
    deliveryState: load.destinationState,
    pickupDate: iso(load.pickupDate),
    deliveryDate: iso(load.deliveryDate),
    nextStop: nextStopOf(load, done),
    assignment: toAssignmentDto(load),
    viewerActions: viewerTrackingActions(actor, load),
    updatedAt: iso(load.updatedAt)!,
  };
}

/** Whether the load is one of this driver's trips now (assigned to them, active or delivered). */
export function isTripOf(actor: Actor, load: FreightListing): boolean {
  const statuses: readonly string[] = [...ACTIVE_TRIP_STATUSES, ...DONE_TRIP_STATUSES];
  return drives(actor, load) && statuses.includes(load.status);
}

/**
 * GET /api/trips: the loads assigned to the signed-in member (an `assignedDriverId` equality), active ones first (the
 * soonest pickup first), then delivered ones (the latest first), paged across both. Loads of another company than
 * the driver's now (they left it) are left out by the policy, not listed.
 */
export async function myTrips(actor: Actor, { page, pageSize }: PageQuery): Promise<Page<TripDto>> {
  const me = new Types.ObjectId(actor.id);
  const active = { assignedDriverId: me, status: { $in: [...ACTIVE_TRIP_STATUSES] } };
  const done = { assignedDriverId: me, status: { $in: [...DONE_TRIP_STATUSES] } };
  const [activeCount, doneCount] = await Promise.all([
    FreightModel.countDocuments(active),
    FreightModel.countDocuments(done),
  ]);
  const skip = (page - 1) * pageSize;
  const fromActive =
    skip < activeCount
      ? await FreightModel.find(active)
          .sort({ pickupDate: 1, _id: 1 })
          .skip(skip)
          .limit(pageSize)
          .lean<FreightListing[]>()
      : [];
  const left = pageSize - fromActive.length;
  const fromDone =
    left > 0
      ? await FreightModel.find(done)
          .sort({ updatedAt: -1, _id: -1 })
          .skip(Math.max(0, skip - activeCount))
          .limit(left)
          .lean<FreightListing[]>()
      : [];
  const items = await Promise.all(
    [...fromActive, ...fromDone].filter((l) => drives(actor, l)).map((l) => tripOf(actor, l)),
  );
  return { items, page, pageSize, total: activeCount + doneCount };
}
