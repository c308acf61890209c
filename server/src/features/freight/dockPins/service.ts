import type { PinDockInput, PinDockStop, TripStopDto } from '@freight/shared';
import { CARRIER_ON_LOAD_STATUSES, type FreightStatus } from '@freight/shared';
import { Types } from 'mongoose';
import { NOTHING_WRITTEN, recordFact } from '../../../events/record';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { withAggregate } from '../../../infra/concurrency';
import { authorize, can, type Actor } from '../../../policies';
import { withLoad } from '../bookingJournal/journal';
import { objectId } from '../ids';
import { FreightModel, roundCoord, type FreightListing } from '../model';
import { toStopViewDto, type StopKind, type StopRef } from '../stops';
import { FacilityPinModel, facilityKeyOf } from './model';

/** The facility of one of a load's stops (its key null without a street address). */
export function facilityOfStop(load: FreightListing, which: StopRef) {
  if (typeof which === 'object') {
    const stop = load.extraStops[which.extra]!;
    const ref = {
      facilityName: stop.facilityName,
      address: stop.address,
      zip: stop.zip,
      city: stop.city,
      state: stop.state,
    };
    return { ref, key: facilityKeyOf(ref) };
  }
  const kind: StopKind = which;
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
  which: PinDockStop,
  point: PinDockInput,
): Promise<TripStopDto> {
  const found = await FreightModel.findById(objectId(freightId)).lean<FreightListing>();
  if (!found || !can(actor, 'load:read', found)) throw notFound('Load not found');
  // A stop in between by its number (2 is the first): one the load has.
  const ref: StopRef = typeof which === 'number' ? { extra: which - 2 } : which;
  if (typeof ref === 'object' && !found.extraStops?.[ref.extra]) {
    const message = found.extraStops?.length
      ? `This load's stops in between are numbered 2 to ${found.extraStops.length + 1}`
      : 'This load has no stops between its pickup and its delivery';
    throw badRequest(`which: ${message}`, [{ path: 'which', message }]);
  }
  authorize(actor, 'load:pinDock', found, {
    message: "Only the booked carrier's dispatcher or the assigned driver can pin a dock",
  });
  const lat = roundCoord(point.lat);
  const lng = roundCoord(point.lng);
  const after = await withLoad(found._id, async () => {
    const load = await FreightModel.findById(found._id).lean<FreightListing>();
    if (!load || !CARRIER_ON_LOAD_STATUSES.includes(load.status as FreightStatus))
      throw conflict('A dock is pinned on a booked load');
    const stopName = typeof ref === 'object' ? `stop ${ref.extra + 2}` : ref;
    // Judged again on the load as read under its lease.
    if (typeof ref === 'object' && !load.extraStops?.[ref.extra])
      throw conflict(`The load has no ${stopName}`);
    const { ref: facility, key } = facilityOfStop(load, ref);
    if (!key)
      throw conflict(`The ${stopName} has no street address: there is no facility to pin the dock of`);
    await withAggregate('facility', key, () =>
      FacilityPinModel.updateOne(
        { key },
        {
          $set: {
            facilityName: facility.facilityName ?? null,
            address: facility.address!,
            zip: facility.zip ?? null,
            city: facility.city,
            state: facility.state,
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
    const loadId = String(load._id);
    const kind = typeof ref === 'object' ? (load.extraStops[ref.extra]!.kind as StopKind) : ref;
    const sequence = typeof ref === 'object' ? ref.extra + 2 : undefined;
    // An end's point is set in place; a stop in between is one element of the list, written whole (under the
    // load's lease, so nothing else changes the list meanwhile; one code path on FerretDB and MongoDB).
    const pinned = { lat, lng, approximate: false, pinned: true };
    const set =
      typeof ref === 'object'
        ? {
            extraStops: load.extraStops.map((s, i) => (i === ref.extra ? { ...s, ...pinned } : s)),
          }
        : Object.fromEntries(Object.entries(pinned).map(([k, v]) => [`${ref}Stop.${k}`, v]));
    const written = await recordFact(
      { kind: 'load', id: loadId },
      {
        name: 'dock.pinned',
        key: `${loadId}-${sequence ?? kind}-${at.getTime()}`,
        by: actor,
        loadId,
        data: { stop: kind, ...(sequence ? { sequence } : {}), lat, lng },
        proof: {
          collection: FreightModel.collection.collectionName,
          filter: { _id: load._id, updatedAt: at },
        },
      },
      async () =>
        (await FreightModel.findOneAndUpdate(
          { _id: load._id },
          { $set: { ...set, updatedAt: at } },
          { new: true, timestamps: false },
        ).lean<FreightListing>()) ?? NOTHING_WRITTEN,
    );
    return written === NOTHING_WRITTEN ? load : written;
  });
  return toStopViewDto(after, ref);
}
