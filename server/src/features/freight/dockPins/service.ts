import type { PinDockInput, TripStopDto } from '@freight/shared';
import { CARRIER_ON_LOAD_STATUSES, type FreightStatus } from '@freight/shared';
import { Types } from 'mongoose';
import { NOTHING_WRITTEN, recordFact } from '../../../events/record';
import { conflict, notFound } from '../../../http/errors';
import { withAggregate } from '../../../infra/concurrency';
import { authorize, can, type Actor } from '../../../policies';
import { withLoad } from '../bookingJournal/journal';
import { objectId } from '../ids';
import { FreightModel, roundCoord, type FreightListing } from '../model';
import { toStopViewDto, type StopKind } from '../stops';
import { FacilityPinModel, facilityKeyOf } from './model';

/** The facility of one of a load's stops (its key null without a street address). */
export function facilityOfStop(load: FreightListing, kind: StopKind) {
  const stop = kind === 'pickup' ? load.pickupStop : load.deliveryStop;
  const ref = {
    facilityName: stop?.facilityName,
    address: stop?.address,
    zip: kind === 'pickup' ? load.originZip : load.destinationZip,
    city: kind === 'pickup' ? load.originCity : load.destinationCity,
    state: kind === 'pickup' ? load.originState : load.destinationState,
  };
  return { ref, key: facilityKeyOf(ref) };
}

/**
 * POST /api/freight/:id/stops/:which/pin (issue 39): the booked carrier's dispatcher or the assigned driver pins the
 * dock of one of the load's stops. The point is the facility's (`facility_pins`, for every later load there) and
 * this load's stop's at once; one `dock.pinned` fact tells the load's screens. Anyone who does not read the load is
 * told it does not exist (404); one who reads it but may not pin, 403.
 */
export async function pinDock(
  actor: Actor,
  freightId: string,
  kind: StopKind,
  point: PinDockInput,
): Promise<TripStopDto> {
  const found = await FreightModel.findById(objectId(freightId)).lean<FreightListing>();
  if (!found || !can(actor, 'load:read', found)) throw notFound('Load not found');
  authorize(actor, 'load:pinDock', found, {
    message: "Only the booked carrier's dispatcher or the assigned driver can pin a dock",
  });
  const lat = roundCoord(point.lat);
  const lng = roundCoord(point.lng);
  const after = await withLoad(found._id, async () => {
    const load = await FreightModel.findById(found._id).lean<FreightListing>();
    if (!load || !CARRIER_ON_LOAD_STATUSES.includes(load.status as FreightStatus))
      throw conflict('A dock is pinned on a booked load');
    const { ref, key } = facilityOfStop(load, kind);
    if (!key) throw conflict(`The ${kind} has no street address: there is no facility to pin the dock of`);
    await withAggregate('facility', key, () =>
      FacilityPinModel.updateOne(
        { key },
        {
          $set: {
            facilityName: ref.facilityName ?? null,
            address: ref.address!,
            zip: ref.zip ?? null,
            city: ref.city,
            state: ref.state,
            lat,
            lng,
            pinnedBy: new Types.ObjectId(actor.id),
            freightListingId: load._id,
          },
        },
        { upsert: true },
      ),
    );
    const at = new Date();
    const field = `${kind}Stop`;
    const loadId = String(load._id);
    const written = await recordFact(
      { kind: 'load', id: loadId },
      {
        name: 'dock.pinned',
        key: `${loadId}-${kind}-${at.getTime()}`,
        by: actor,
        loadId,
        data: { stop: kind, lat, lng },
        proof: {
          collection: FreightModel.collection.collectionName,
          filter: { _id: load._id, updatedAt: at },
        },
      },
      async () =>
        (await FreightModel.findOneAndUpdate(
          { _id: load._id },
          {
            $set: {
              [`${field}.lat`]: lat,
              [`${field}.lng`]: lng,
              [`${field}.approximate`]: false,
              [`${field}.pinned`]: true,
              updatedAt: at,
            },
          },
          { new: true, timestamps: false },
        ).lean<FreightListing>()) ?? NOTHING_WRITTEN,
    );
    return written === NOTHING_WRITTEN ? load : written;
  });
  return toStopViewDto(after, kind);
}
