import {
  type LocationUpdateInput,
  type LocationDto,
  type LocationPointDto,
  type Page,
  isLocationUpdatable,
  rooms,
  POSITION_FACT_EVERY_MS,
} from '@freight/shared';
import { Types } from 'mongoose';
import { AppError } from '../../../http/errors';
import { paginate } from '../../../http/paginate';
import type { PageQuery } from '../../../http/validate';
import { authorize, type Actor } from '../../../policies';
import { FreightModel, roundCoord } from '../../freight/model';
import { withLoad } from '../../freight/bookingJournal/journal';
import { recordFact, type Fact } from '../../../events/record';
import { publish } from '../../../realtime/publish';
import {
  LocationPointModel,
  LoadPositionModel,
  positionOf,
  toLocationPointDto,
  type LocationPoint,
} from '../model';
import { consumeRateLimit } from '../../../infra/rateLimit';
import { loadForParticipant, positionRecord } from '../access/service';
import { recordTruckPosition } from '../../fleet/positions';
import { now } from '../../../infra/clock';
import { observePosition } from '../stopClock/service';

export async function getLocation(actor: Actor, freightId: string): Promise<LocationDto> {
  const load = await loadForParticipant(actor, freightId);
  const here = positionOf(load, await positionRecord(load._id));
  return { lat: here.lat, lng: here.lng, lastLocationUpdate: here.at ? here.at.toISOString() : null };
}

export async function locationHistory(
  actor: Actor,
  freightId: string,
  { page, pageSize }: PageQuery,
): Promise<Page<LocationPointDto>> {
  const load = await loadForParticipant(actor, freightId);
  const found = await paginate<LocationPoint>(
    LocationPointModel,
    { freightListingId: load._id },
    { createdAt: -1, _id: -1 },
    { page, pageSize },
  );
  return { ...found, items: found.items.map(toLocationPointDto) };
}

/**
 * POST /api/freight/:id/location and the location:update socket event. Only the booked carrier (or the load's
 * assigned driver), only while the load is booked or in transit. A ping writes the trail and the load's position
 * record, never the load itself. It does not start the trip: positions are shared automatically while the carrier's
 * page is open, days before pickup perhaps; the trip starts with Loaded (recordStop) or Start Trip.
 *
 * Each point is the geofence's too (issue 41, stopClock/service.ts): it may record an arrival at or a departure from a
 * stop, under the same lease, at the time the point was taken.
 *
 * A point the phone kept while offline (issue 29) comes with the time it was taken (`capturedAt`, bounded by the
 * schema) and the phone's id for it (`clientId`): it joins the trail at its capture time, moves the load's position
 * only if it is the newest, and a repeated send answers as the first did without storing it again.
 */
export async function updateLocation(
  actor: Actor,
  freightId: string,
  input: LocationUpdateInput,
): Promise<LocationDto> {
  const load = await loadForParticipant(actor, freightId);
  authorize(actor, 'tracking:updateLocation', load, {
    message: load.assignedDriverId
      ? 'The driver assigned to this load shares its location from their phone'
      : 'Only the booked carrier can update the location',
  });
  const receivedAt = now();
  // A capture time a little ahead of ours (the phone's clock) counts as now.
  const takenAt = input.capturedAt
    ? new Date(Math.min(Date.parse(input.capturedAt), receivedAt.getTime()))
    : receivedAt;
  const late = receivedAt.getTime() - takenAt.getTime() > LATE_AFTER_MS;
  await consumeRateLimit(late ? 'locationBacklog' : 'location', actor.id);
  const lat = roundCoord(input.latitude);
  const lng = roundCoord(input.longitude);
  const clientId = input.clientId ?? null;
  // Under the load's lease (issue 25): a delivery, which moves the load under the same lease, cannot slip in between
  // the status check and the writes, so no position is stored after the load was delivered. The lease also keeps a
  // repeated send of one client id from racing past the duplicate check.
  const { point, current, repeated } = await withLoad(load._id, async () => {
    const status =
      (await FreightModel.findById(load._id).select({ status: 1 }).lean<{ status: string }>()) ?? load;
    if (!isLocationUpdatable(status.status)) {
      throw new AppError(
        'LOCATION_NOT_UPDATABLE',
        'The location can be updated only while the load is booked or in transit',
      );
    }
    const previous = await positionRecord(load._id);
    if (clientId) {
      const known = await LocationPointModel.findOne({
        freightListingId: load._id,
        clientId,
      }).lean<LocationPoint>();
      if (known) return { point: toLocationPointDto(known), current: previous, repeated: true };
    }
    const created = new LocationPointModel({
      freightListingId: load._id,
      userId: actor.id,
      lat,
      lng,
      clientId,
      receivedAt,
      createdAt: takenAt,
    });
    const point = toLocationPointDto(created.toObject() as LocationPoint);
    const newest = !previous || previous.at.getTime() <= takenAt.getTime();
    const write = async () => {
      await created.save();
      if (newest) await storePosition(load._id, { lat, lng, at: takenAt });
    };
    // Only the first ping of each window becomes a fact (see positionFact); the others are the trail alone.
    const window = positionWindow(takenAt);
    if (previous && positionWindow(previous.at) === window) await write();
    else {
      const loadId = String(load._id);
      await recordFact({ kind: 'load', id: loadId }, positionFact(actor, loadId, point, window), write);
    }
    // The clock at the stops (issue 41): the geofence sees the point, at the time it was taken.
    await observePosition(actor, load, status.status, { id: point.id, lat, lng, at: takenAt });
    const current = newest ? { lat, lng, at: takenAt } : previous;
    return { point, current, repeated: false };
  });
  const here = current ?? { lat, lng, at: takenAt };
  const location: LocationDto = { lat: here.lat, lng: here.lng, lastLocationUpdate: here.at.toISOString() };
  // Every ping is pushed live here, not by a projector: a ping is a transient position, not a fact of the log (one
  // per POSITION_FACT_EVERY_MS is), and the map must move at once, as before the event log. A late point carries the
  // load's newest position beside it, so the map's marker stays where the truck is while the trail fills in.
  if (repeated) return location;
  publish('freight:location', rooms.freight(freightId), { freightId, ...location, point });
  // The fleet map keeps each truck's newest position only (an older, late point leaves it).
  await recordTruckPosition(load, { lat, lng, at: takenAt });
  return location;
}

/** A point taken this long before it arrives was kept on the phone (counted against the backlog's rate limit). */
const LATE_AFTER_MS = 30_000;

/** The window of POSITION_FACT_EVERY_MS a time falls in (windows start at the epoch). */
const positionWindow = (at: Date) => Math.floor(at.getTime() / POSITION_FACT_EVERY_MS);

/**
 * The position fact of a load for one window: the first ping of the window states it, keyed by the window, so the
 * log keeps at most one per load per POSITION_FACT_EVERY_MS however the pings race.
 */
function positionFact(
  actor: Actor,
  freightId: string,
  point: LocationPointDto,
  window: number,
): Fact<'position.recorded'> {
  return {
    name: 'position.recorded',
    key: `${freightId}-${window}`,
    by: actor,
    loadId: freightId,
    subjects: { pointId: point.id },
    data: { point },
    proof: {
      collection: LocationPointModel.collection.collectionName,
      filter: { _id: new Types.ObjectId(point.id) },
    },
  };
}

/**
 * Rewrites the load's position record (its own small document: racing pings can only reorder positions, never touch
 * the load). Two first pings may both try to insert it: the loser writes over the winner's.
 */
async function storePosition(
  loadId: Types.ObjectId,
  p: { lat: number; lng: number; at: Date },
): Promise<void> {
  const write = () => LoadPositionModel.updateOne({ _id: loadId }, { $set: p }, { upsert: true });
  try {
    await write();
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    await write();
  }
}
