import {
  type LocationUpdateInput,
  type LocationDto,
  type LocationPointDto,
  type Page,
  isLocationUpdatable,
} from '@freight/shared';
import { Types } from 'mongoose';
import { conflict } from '../../../http/errors';
import { paginate } from '../../../http/paginate';
import type { PageQuery } from '../../../http/validate';
import { authorize, type Actor } from '../../../policies';
import { FreightModel, roundCoord } from '../../freight/model';
import { withLoad } from '../../freight/bookingJournal/journal';
import { announceLocation } from '../announce';
import {
  LocationPointModel,
  LoadPositionModel,
  positionOf,
  toLocationPointDto,
  type LocationPoint,
} from '../model';
import { consumeRateLimit } from '../../../infra/rateLimit';
import { loadForParticipant, positionRecord } from '../access/service';

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
 * POST /api/freight/:id/location and the location:update socket event. Only the booked carrier, only while the
 * load is booked or in transit. A ping writes the trail and the load's position record, never the load itself. It
 * does not start the trip: positions are shared automatically while the carrier's page is open, days before pickup
 * perhaps; the trip starts with Loaded (recordStop) or Start Trip.
 */
export async function updateLocation(
  actor: Actor,
  freightId: string,
  input: LocationUpdateInput,
): Promise<LocationDto> {
  const load = await loadForParticipant(actor, freightId);
  authorize(actor, 'tracking:updateLocation', load, {
    message: 'Only the booked carrier can update the location',
  });
  await consumeRateLimit('location', actor.id);
  const lat = roundCoord(input.latitude);
  const lng = roundCoord(input.longitude);
  // Under the load's lease (issue 25): a delivery, which moves the load under the same lease, cannot slip in between
  // the status check and the writes, so no position is stored after the load was delivered.
  const { point, at } = await withLoad(load._id, async () => {
    const current =
      (await FreightModel.findById(load._id).select({ status: 1 }).lean<{ status: string }>()) ?? load;
    if (!isLocationUpdatable(current.status)) {
      throw conflict('The location can be updated only while the load is booked or in transit');
    }
    const created = await LocationPointModel.create({
      freightListingId: load._id,
      userId: actor.id,
      lat,
      lng,
    });
    await storePosition(load._id, { lat, lng, at: created.createdAt });
    return { point: created, at: created.createdAt };
  });
  const location: LocationDto = { lat, lng, lastLocationUpdate: at.toISOString() };
  announceLocation({
    freightId,
    ...location,
    point: toLocationPointDto(point.toObject() as LocationPoint),
  });
  return location;
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
