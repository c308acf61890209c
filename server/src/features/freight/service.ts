import {
  DEFAULT_ACCESSORIAL_TERMS,
  accessorialTermsFromInput,
  accessorialTermsOf,
  countryName,
  isCountryName,
  loadFieldIssues,
  type BrokerStatsDto,
  type FreightListingDto,
  type FreightPage,
  type PostLoadData,
  type UpdateLoadData,
  placeName,
} from '@freight/shared';
import { Types, type FilterQuery } from 'mongoose';
import { z } from 'zod';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import { paginate } from '../../http/paginate';
import { pageQuerySchema } from '../../http/validate';
import { authorize, can, type Actor } from '../../policies';
import { viewerLoadActions } from '../../policies/freight';
import { assertFeatureAccess } from '../../policies/gate';
import { assertCanPostLoad } from './planLimits';
import { BrokerShipperModel } from './brokerShippers/model';
import { cityCoordinates, estimatedRoadMiles } from '../places/gazetteer';
import {
  FreightModel,
  dollarsToCents,
  ratePerMileCentsOf,
  roundCoord,
  toExtraStopDto,
  toFreightDto,
  toLoadStopDto,
  toStoredDate,
  type FreightListing,
} from './model';
import { withStopDetails } from './stops';
import { locateEditedStops, locateNewStops } from './stopPoints';
import { NegotiationModel } from './negotiations/model';
import { NOTHING_WRITTEN, recordFact } from '../../events/record';
import { objectId } from './ids';
import { withLoad } from './bookingJournal/journal';
import { moveLoad } from './status';
import { withAggregate } from '../../infra/concurrency';
import { describeChanges } from './posterLoads/changes';
import { assertEditAllowed, waitingCarriers } from './posterLoads/editRules';
import { assertEmailVerified } from '../../policies/emailVerified';
import { CARRIER_PARTY, loadListFilters, mine, readableLoads } from '../companies/mine';
import { stampChangedParties } from '../companies/stamps';

export { objectId };

const AIR = 'air_cargo';

export const UNVERIFIED_POST_TEXT = 'Complete all required documents to access freight posting';

export async function findLoad(id: string): Promise<FreightListing> {
  const load = await FreightModel.findById(objectId(id)).lean<FreightListing>();
  if (!load) throw notFound('Load not found');
  return load;
}

/** Coordinates (given, else looked up for known US cities) and the distance (given, else estimated). */
function placeFields(v: {
  originCity: string;
  originState: string;
  destinationCity: string;
  destinationState: string;
  originLat?: number | null;
  originLng?: number | null;
  destinationLat?: number | null;
  destinationLng?: number | null;
  distance?: number | null;
}) {
  const origin =
    v.originLat != null && v.originLng != null
      ? { lat: v.originLat, lng: v.originLng }
      : cityCoordinates(v.originCity, v.originState);
  const destination =
    v.destinationLat != null && v.destinationLng != null
      ? { lat: v.destinationLat, lng: v.destinationLng }
      : cityCoordinates(v.destinationCity, v.destinationState);
  const distance =
    v.distance ??
    (origin && destination
      ? estimatedRoadMiles(origin.lat, origin.lng, destination.lat, destination.lng)
      : null);
  return {
    originLat: origin ? roundCoord(origin.lat) : null,
    originLng: origin ? roundCoord(origin.lng) : null,
    destinationLat: destination ? roundCoord(destination.lat) : null,
    destinationLng: destination ? roundCoord(destination.lng) : null,
    distance: distance == null ? null : Math.round(distance * 100) / 100,
    distanceIsEstimate: v.distance == null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Posting (call 12)

/**
 * A country is one of ISO 3166's (issue 39). Checked here rather than in the shared schema, so the list stays out of
 * the code every page of the web loads; the forms offer only its names.
 */
function assertKnownCountries(v: { originCountry?: string | null; destinationCountry?: string | null }) {
  for (const key of ['originCountry', 'destinationCountry'] as const) {
    const country = v[key];
    if (country && !isCountryName(country)) {
      const message = 'Choose a country from the list';
      throw badRequest(`${key}: ${message}`, [{ path: key, message }]);
    }
  }
}

export async function createListing(
  actor: Actor,
  poster: { companyName?: string | null; mcNumber?: string | null },
  data: PostLoadData,
): Promise<FreightListingDto> {
  assertKnownCountries(data);
  const air = data.equipmentType === AIR;
  assertEmailVerified(actor);
  if (!actor.isVerified) throw forbidden(UNVERIFIED_POST_TEXT);
  authorize(actor, 'freight:post', data.equipmentType, {
    message:
      actor.userType === 'air_cargo'
        ? 'Air cargo operators post air shipments (equipment type air_cargo)'
        : 'Only shippers, brokers and air cargo operators can post freight',
  });
  if (air) await assertFeatureAccess(actor, 'air_freight');

  const places = placeFields(data);
  const stops = await locateNewStops(data);
  const rateCents = dollarsToCents(data.rate);
  // The poster's lease: the monthly count includes every post committed before this one (none can slip in between).
  const doc = await withAggregate('user', actor.id, async () => {
    await assertCanPostLoad(actor, { air });
    const now = new Date();
    const draft = new FreightModel({
      _id: new Types.ObjectId(),
      createdAt: now,
      updatedAt: now,
      userId: new Types.ObjectId(actor.id),
      brokerId: actor.userType === 'broker' ? new Types.ObjectId(actor.id) : null,
      shipperId: actor.userType === 'shipper' ? new Types.ObjectId(actor.id) : null,
      title:
        data.title ||
        `${placeName(data.originCity, data.originState)} to ${placeName(data.destinationCity, data.destinationState)}`,
      originCity: data.originCity,
      originState: data.originState,
      originZip: data.originZip ?? null,
      originCountry: data.originCountry ?? 'United States',
      destinationCity: data.destinationCity,
      destinationState: data.destinationState,
      destinationZip: data.destinationZip ?? null,
      destinationCountry: data.destinationCountry ?? 'United States',
      ...places,
      equipmentType: data.equipmentType,
      equipmentLength: data.equipmentLength,
      weight: data.weight ?? null,
      weightClass: data.weightClass,
      commodity: data.commodity ?? null,
      cargoType: data.cargoType ?? null,
      rateCents,
      ratePerMileCents: ratePerMileCentsOf(rateCents, places.distance),
      rateType: data.rateType,
      pickupDate: toStoredDate(data.pickupDate),
      pickupTimeStart: data.pickupTimeStart,
      pickupTimeEnd: data.pickupTimeEnd,
      deliveryDate: toStoredDate(data.deliveryDate),
      deliveryTimeStart: data.deliveryTimeStart,
      deliveryTimeEnd: data.deliveryTimeEnd,
      description: data.description ?? null,
      specialInstructions: data.specialInstructions ?? null,
      isUrgent: data.isUrgent,
      isHazmat: data.isHazmat,
      requiresTarps: data.requiresTarps,
      requiresStraps: data.requiresStraps,
      requiresLiftgate: data.requiresLiftgate,
      userCompanyName: poster.companyName ?? null,
      userMcNumber: poster.mcNumber ?? null,
      ...stops,
      accessorialTerms: accessorialTermsFromInput(data.accessorialTerms),
    });
    // The fact is the load as stored (its parties' companies too); its projectors put it on the board and alert saved
    // searches.
    await stampChangedParties(FreightModel.schema, null, draft);
    const loadId = String(draft._id);
    await recordFact(
      { kind: 'load', id: loadId },
      {
        name: 'load.posted',
        key: loadId,
        by: actor,
        loadId,
        data: { load: toFreightDto(draft.toObject() as FreightListing) },
        proof: { collection: FreightModel.collection.collectionName, filter: { _id: draft._id } },
      },
      () => draft.save({ timestamps: false }),
    );
    return draft;
  });
  const stored = doc.toObject() as FreightListing;
  return withStopDetails(actor, stored, toFreightDto(stored));
}

// ---------------------------------------------------------------------------------------------------------------
// The load board (call 8)

export { boardQuery, searchListings } from './book/search';

// ---------------------------------------------------------------------------------------------------------------
// One load (call 13), my listings (9), broker freight (25)

/**
 * A load as GET /api/freight/:id may show it to the viewer: an air load to those with air freight (or its parties); a
 * load that left the board (booked, in transit, delivered, cancelled) to its participants only (issue 25), anyone
 * else, signed out too, is told it does not exist. Who reads it is the policy's `load:read`, with the member's role
 * (issue 51: an unassigned driver of the carrier is not one).
 */
export async function readableLoad(actor: Actor | null, id: string): Promise<FreightListing> {
  const load = await findLoad(id);
  const participant = can(actor, 'load:read', load);
  if (load.equipmentType === AIR && !participant) {
    if (!actor) throw unauthorized();
    await assertFeatureAccess(actor, 'air_freight');
  }
  if (!participant && load.status !== 'available') throw notFound('Load not found');
  return load;
}

export async function getListing(actor: Actor | null, id: string): Promise<FreightListingDto> {
  const load = await readableLoad(actor, id);
  const listing = withStopDetails(actor, load, {
    ...toFreightDto(load),
    viewerActions: viewerLoadActions(actor, load),
  });
  // Its description and instructions included for a participant; the booked carrier's id only to them.
  return can(actor, 'load:read', load) || !listing.carrierId ? listing : { ...listing, carrierId: null };
}

export const myListingsSchema = pageQuerySchema.extend({
  equipmentType: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(40).optional()),
});

/**
 * The company's loads: posted by it, or (carriers) booked to it. As the policy decides with the member's role
 * (issue 51): a driver sees only the loads assigned to them.
 */
export async function myListings(actor: Actor, q: z.output<typeof myListingsSchema>): Promise<FreightPage> {
  const equipment = q.equipmentType ? { equipmentType: q.equipmentType } : {};
  // Two equalities merged (posted by me, booked to me), not one `$or` that reads every load.
  const found = await paginate<FreightListing>(
    FreightModel,
    loadListFilters(actor, [['userId', 'companyId'], CARRIER_PARTY], equipment),
    { createdAt: -1, _id: -1 },
    q,
  );
  return {
    ...found,
    items: readableLoads(actor, found.items).map((l) => withStopDetails(actor, l, toFreightDto(l))),
  };
}

export const brokerFreightSchema = pageQuerySchema.extend({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['available', 'booked', 'in_transit', 'delivered', 'cancelled']).optional(),
  ),
});

export async function brokerFreight(
  actor: Actor,
  q: z.output<typeof brokerFreightSchema>,
): Promise<FreightPage> {
  authorize(actor, 'broker:access', undefined, {
    message: 'This dashboard is only available to verified brokers.',
  });
  const filter: FilterQuery<FreightListing> = mine(actor, 'brokerId', 'brokerCompanyId');
  if (q.status) filter.status = q.status;
  const found = await paginate<FreightListing>(FreightModel, filter, { createdAt: -1, _id: -1 }, q);
  return { ...found, items: found.items.map((l) => withStopDetails(actor, l, toFreightDto(l))) };
}

/** The Broker Hub's four stat cards, counted on the server (the lists are paginated). */
export async function brokerStats(actor: Actor): Promise<BrokerStatsDto> {
  authorize(actor, 'broker:access', undefined, {
    message: 'This dashboard is only available to verified brokers.',
  });
  const me = new Types.ObjectId(actor.id);
  const [activeLoads, pendingNegotiations, activeShippers, inTransit] = await Promise.all([
    FreightModel.countDocuments({ brokerId: me, status: 'available' }),
    NegotiationModel.countDocuments({ brokerId: me, status: 'pending', expiresAt: { $gt: new Date() } }),
    BrokerShipperModel.countDocuments({ brokerId: me, isActive: true }),
    FreightModel.countDocuments({ brokerId: me, status: 'in_transit' }),
  ]);
  return { activeLoads, pendingNegotiations, activeShippers, inTransit };
}

// ---------------------------------------------------------------------------------------------------------------
// Edit and Remove (Broker Hub)

const SETTABLE = [
  'title',
  'originZip',
  'originCountry',
  'destinationZip',
  'destinationCountry',
  'equipmentLength',
  'weight',
  'weightClass',
  'commodity',
  'cargoType',
  'rateType',
  'pickupTimeStart',
  'pickupTimeEnd',
  'deliveryTimeStart',
  'deliveryTimeEnd',
  'description',
  'specialInstructions',
  'isUrgent',
  'isHazmat',
  'requiresTarps',
  'requiresStraps',
  'requiresLiftgate',
  'pickupStop',
  'deliveryStop',
] as const;

export async function updateListing(
  actor: Actor,
  id: string,
  data: UpdateLoadData,
): Promise<FreightListingDto> {
  const current = await findLoad(id);
  authorize(actor, 'freight:manage', current, { hide: true, message: 'Load not found' });
  const stops = await locateEditedStops(current, data);
  const edited = await withLoad(objectId(id), async () => {
    const load = await findLoad(id);
    if (load.status !== 'available') throw conflict('Only available loads can be edited');
    // Carriers waiting on the load keep the route and equipment they asked for, and hear of every other change.
    const waiting = await waitingCarriers(load);
    assertEditAllowed(load, data, waiting);
    const at = new Date();
    const set = { ...editOf(load, data), ...stops, updatedAt: at };
    const planned = { ...load, ...set } as FreightListing;
    const loadId = String(load._id);
    const after = await recordFact(
      { kind: 'load', id: loadId },
      {
        name: 'load.edited',
        key: `${loadId}-${at.getTime()}`,
        by: actor,
        loadId,
        data: { load: toFreightDto(planned), changed: describeChanges(load, planned), carrierIds: waiting },
        proof: {
          collection: FreightModel.collection.collectionName,
          filter: { _id: load._id, updatedAt: at },
        },
      },
      async () =>
        (await FreightModel.findOneAndUpdate(
          { _id: load._id, status: 'available' },
          { $set: set },
          { new: true, timestamps: false },
        ).lean<FreightListing>()) ?? NOTHING_WRITTEN,
    );
    return after === NOTHING_WRITTEN ? null : after;
  });
  if (!edited) throw conflict('Only available loads can be edited');
  return withStopDetails(actor, edited, toFreightDto(edited));
}

/** The fields an edit sets on an available load (merged with what it keeps, checked as a whole). */
function editOf(load: FreightListing, data: UpdateLoadData): Record<string, unknown> {
  const equipmentType = data.equipmentType ?? load.equipmentType;
  if ((equipmentType === AIR) !== (load.equipmentType === AIR)) {
    throw badRequest('equipmentType: a road load cannot become an air shipment or the other way round');
  }
  const merged = {
    originCity: data.originCity ?? load.originCity,
    // A region sent empty is cleared (by air, outside the US, Canada and Mexico it may be); one not sent is kept.
    originState: data.originState === undefined ? load.originState : (data.originState ?? ''),
    destinationCity: data.destinationCity ?? load.destinationCity,
    destinationState:
      data.destinationState === undefined ? load.destinationState : (data.destinationState ?? ''),
    originCountry: data.originCountry === undefined ? load.originCountry : data.originCountry,
    destinationCountry:
      data.destinationCountry === undefined ? load.destinationCountry : data.destinationCountry,
    weightClass: data.weightClass === undefined ? load.weightClass : data.weightClass,
    pickupDate: data.pickupDate === undefined ? load.pickupDate?.toISOString() : data.pickupDate,
    deliveryDate: data.deliveryDate === undefined ? load.deliveryDate?.toISOString() : data.deliveryDate,
    pickupTimeEnd: data.pickupTimeEnd === undefined ? load.pickupTimeEnd : data.pickupTimeEnd,
    deliveryTimeEnd: data.deliveryTimeEnd === undefined ? load.deliveryTimeEnd : data.deliveryTimeEnd,
    // A stop's appointment is checked when the edit sends the stop or moves its date (issue 39).
    pickupStop:
      data.pickupStop !== undefined
        ? data.pickupStop
        : data.pickupDate !== undefined
          ? toLoadStopDto(load.pickupStop)
          : null,
    deliveryStop:
      data.deliveryStop !== undefined
        ? data.deliveryStop
        : data.deliveryDate !== undefined
          ? toLoadStopDto(load.deliveryStop)
          : null,
    // The stops in between are checked (order, appointments) when sent, or when the ends' dates move around them.
    extraStops:
      data.extraStops !== undefined
        ? data.extraStops
        : data.pickupDate !== undefined || data.deliveryDate !== undefined
          ? (load.extraStops ?? []).map(toExtraStopDto)
          : null,
  };
  assertKnownCountries(data);
  const issue = loadFieldIssues(merged, equipmentType)[0];
  if (issue) throw badRequest(`${issue.path}: ${issue.message}`);

  const set: Record<string, unknown> = {};
  for (const key of SETTABLE) if (data[key] !== undefined) set[key] = data[key];
  if (data.equipmentType) set.equipmentType = data.equipmentType;
  if (equipmentType !== AIR) {
    merged.originState = merged.originState.toUpperCase();
    merged.destinationState = merged.destinationState.toUpperCase();
  }
  for (const key of ['originCountry', 'destinationCountry'] as const)
    if (typeof set[key] === 'string') set[key] = countryName(set[key]);
  Object.assign(set, {
    originCity: merged.originCity,
    originState: merged.originState,
    destinationCity: merged.destinationCity,
    destinationState: merged.destinationState,
  });
  if (data.pickupDate !== undefined) set.pickupDate = toStoredDate(data.pickupDate);
  if (data.deliveryDate !== undefined) set.deliveryDate = toStoredDate(data.deliveryDate);
  // A place sent again unchanged (the edit form sends every field) keeps the load's coordinates and miles.
  const differs = (next: string | null | undefined, now: string) =>
    next !== undefined && (next ?? '').trim().toLowerCase() !== now.toLowerCase();
  const placesChanged =
    differs(data.originCity, load.originCity) ||
    differs(data.originState, load.originState) ||
    differs(data.destinationCity, load.destinationCity) ||
    differs(data.destinationState, load.destinationState);
  const coords = (k: 'originLat' | 'originLng' | 'destinationLat' | 'destinationLng') =>
    data[k] !== undefined ? data[k] : placesChanged ? null : load[k];
  const places = placeFields({
    ...merged,
    originLat: coords('originLat'),
    originLng: coords('originLng'),
    destinationLat: coords('destinationLat'),
    destinationLng: coords('destinationLng'),
    distance: data.distance !== undefined ? data.distance : placesChanged ? null : load.distance,
  });
  Object.assign(set, places);
  const rateCents = data.rate !== undefined ? dollarsToCents(data.rate) : load.rateCents;
  set.rateCents = rateCents;
  // Terms sent are laid over the load's (an older load's are the defaults); null resets them to the defaults.
  if (data.accessorialTerms !== undefined)
    set.accessorialTerms =
      data.accessorialTerms === null
        ? { ...DEFAULT_ACCESSORIAL_TERMS }
        : accessorialTermsFromInput(data.accessorialTerms, accessorialTermsOf(load.accessorialTerms));
  set.ratePerMileCents = ratePerMileCentsOf(rateCents, places.distance);
  return set;
}

/** Remove on the Broker Hub: the poster cancels the load (the status machine: available or booked → cancelled). */
export async function cancelListing(actor: Actor, id: string): Promise<FreightListingDto> {
  const load = await findLoad(id);
  authorize(actor, 'freight:manage', load, { hide: true, message: 'Load not found' });
  const { after } = await withLoad(load._id, () => moveLoad(actor, load._id, { to: 'cancelled' }));
  return toFreightDto(after);
}
