import type { ExtraStopDto, LoadStopDto } from '@freight/shared';
import { badRequest } from '../../http/errors';
import { geocodeAddress } from '../places/geocoder';
import { FacilityPinModel, facilityKeyOf } from './dockPins/model';
import { resolvePlace } from '../places/gazetteer';
import { roundCoord, toLoadStopDto, toStoredDate, type FreightListing } from './model';
import type { StopKind } from './stops';

/** A stop as stored: its details and the server's point for it. */
export type LocatedStop = LoadStopDto & {
  lat: number | null;
  lng: number | null;
  approximate: boolean;
  pinned: boolean;
};

/** Where a stop is, by the load's fields (the city, state and ZIP are the load's, the street the stop's). */
export interface StopPlace {
  city: string;
  state: string;
  zip: string | null;
  /** The load's country at the stop (United States when not given): only US addresses are looked up. */
  country: string | null;
}

const NOT_FOUND_MESSAGE = 'This address could not be found';

/**
 * A stop's point, the best known (issue 39): the dock pinned at the facility (same name, street and ZIP) by a
 * dispatcher or driver on an earlier load; else the street address geocoded when a geocoder is configured (found: the
 * point, not approximate; not found: 400 naming the field, nothing stored). Offline, or while the geocoder is
 * unreachable or failing, the point is the ZIP's centre, else the city's, marked approximate: an outage must not
 * stop loads being posted. A stop already found at the same address keeps its point (an edit that sends the stop
 * again unchanged is not looked up again); one left approximate is looked up again, so an outage's centre is not for
 * good.
 */
export async function locateStop(
  /** The stop's field in the input ('pickupStop', 'extraStops.0'): a not-found address is refused under it. */
  field: string,
  stop: LoadStopDto | null,
  place: StopPlace,
  before?: { stop: FreightListing['pickupStop']; place: StopPlace },
): Promise<LocatedStop | null> {
  if (!stop) return null;
  if (!stop.address) return { ...stop, ...centreOf(place) };
  const key = facilityKeyOf({ ...place, facilityName: stop.facilityName, address: stop.address });
  const pin = key ? await FacilityPinModel.findOne({ key }).lean() : null;
  if (pin) return { ...stop, lat: pin.lat, lng: pin.lng, approximate: false, pinned: true };
  const previous = before?.stop;
  if (
    previous &&
    previous.lat != null &&
    previous.lng != null &&
    previous.approximate === false &&
    sameText(previous.address, stop.address) &&
    sameText(previous.facilityName, stop.facilityName) &&
    samePlace(before.place, place)
  ) {
    return {
      ...stop,
      lat: previous.lat,
      lng: previous.lng,
      approximate: false,
      pinned: previous.pinned ?? false,
    };
  }
  const inUs = !place.country || place.country === 'United States';
  const found = inUs
    ? await geocodeAddress({ street: stop.address, city: place.city, state: place.state, zip: place.zip })
    : null;
  if (found?.kind === 'not_found') {
    const path = `${field}.address`;
    throw badRequest(`${path}: ${NOT_FOUND_MESSAGE}`, [{ path, message: NOT_FOUND_MESSAGE }]);
  }
  if (found?.kind === 'found') {
    return {
      ...stop,
      lat: roundCoord(found.lat),
      lng: roundCoord(found.lng),
      approximate: false,
      pinned: false,
    };
  }
  return { ...stop, ...centreOf(place) };
}

/** The ZIP's centre (the gazetteer), else no point (the load's own coordinates, its city's, stand): approximate. */
function centreOf(place: StopPlace) {
  const zip = place.zip ? resolvePlace(place.zip) : null;
  return {
    lat: zip ? roundCoord(zip.lat) : null,
    lng: zip ? roundCoord(zip.lng) : null,
    approximate: true,
    pinned: false,
  };
}

const normal = (s: string | null | undefined) => (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
const sameText = (a: string | null | undefined, b: string | null | undefined) => normal(a) === normal(b);
const samePlace = (a: StopPlace, b: StopPlace) =>
  sameText(a.city, b.city) &&
  sameText(a.state, b.state) &&
  sameText(a.zip, b.zip) &&
  sameText(a.country, b.country);

type StopFields = {
  originCity: string;
  originState: string;
  originZip?: string | null;
  originCountry?: string | null;
  destinationCity: string;
  destinationState: string;
  destinationZip?: string | null;
  destinationCountry?: string | null;
};
const placeOfStop = (f: StopFields, kind: StopKind): StopPlace =>
  kind === 'pickup'
    ? { city: f.originCity, state: f.originState, zip: f.originZip ?? null, country: f.originCountry ?? null }
    : {
        city: f.destinationCity,
        state: f.destinationState,
        zip: f.destinationZip ?? null,
        country: f.destinationCountry ?? null,
      };

/** A new load's stops, located (see `locateStop`); before its poster's lease is taken, as it may wait on the geocoder. */
export async function locateNewStops(
  data: StopFields & {
    pickupStop?: LoadStopDto | null;
    deliveryStop?: LoadStopDto | null;
    extraStops?: ExtraStopDto[];
  },
): Promise<{
  pickupStop: LocatedStop | null;
  deliveryStop: LocatedStop | null;
  extraStops: LocatedExtraStop[];
}> {
  const [pickupStop, deliveryStop] = await Promise.all([
    locateStop('pickupStop', data.pickupStop ?? null, placeOfStop(data, 'pickup')),
    locateStop('deliveryStop', data.deliveryStop ?? null, placeOfStop(data, 'delivery')),
  ]);
  return { pickupStop, deliveryStop, extraStops: await locateExtraStops(data.extraStops ?? [], []) };
}

/** A stop in between as stored: its place, date and details, and the server's point for it. */
export type LocatedExtraStop = Omit<ExtraStopDto, 'date'> &
  Omit<LocatedStop, keyof LoadStopDto> & { date: Date | null };

/**
 * The stops in between, located in turn (see `locateStop`; each has its own place, always in the US). One the load
 * had before at the same facility and place keeps its point without asking the geocoder again.
 */
async function locateExtraStops(
  stops: readonly ExtraStopDto[],
  before: readonly StoredExtraStop[],
): Promise<LocatedExtraStop[]> {
  const located: LocatedExtraStop[] = [];
  for (const [i, stop] of stops.entries()) {
    const place: StopPlace = { city: stop.city, state: stop.state, zip: stop.zip, country: null };
    const { kind, city, state, zip, date, ...details } = stop;
    const previous = before.find(
      (b) => samePlace(placeOfExtra(b), place) && sameText(b.address, details.address),
    );
    const point = await locateStop(
      `extraStops.${i}`,
      details,
      place,
      previous ? { stop: previous, place: placeOfExtra(previous) } : undefined,
    );
    located.push({ ...point!, kind, city, state, zip, date: toStoredDate(date) });
  }
  return located;
}

type StoredExtraStop = FreightListing['extraStops'][number];
const placeOfExtra = (s: StoredExtraStop): StopPlace => ({
  city: s.city,
  state: s.state,
  zip: s.zip ?? null,
  country: null,
});

/**
 * The stops an edit sets, located: a stop it sends, and a stop it keeps whose place (city, state, ZIP, country)
 * it moves; nothing for a stop it leaves as it is. Read before the load's lease is taken (the geocoder may be slow).
 */
export async function locateEditedStops(
  load: FreightListing,
  data: { [K in keyof StopFields]?: StopFields[K] | null } & {
    pickupStop?: LoadStopDto | null;
    deliveryStop?: LoadStopDto | null;
    extraStops?: ExtraStopDto[];
  },
): Promise<{
  pickupStop?: LocatedStop | null;
  deliveryStop?: LocatedStop | null;
  extraStops?: LocatedExtraStop[];
}> {
  // A field not sent is kept; a region sent empty is cleared (as the edit itself does).
  const keep = <T>(next: T | null | undefined, now: T) => (next === undefined ? now : next);
  const after: StopFields = {
    originCity: data.originCity ?? load.originCity,
    originState: keep(data.originState, load.originState) ?? '',
    originZip: keep(data.originZip, load.originZip),
    originCountry: keep(data.originCountry, load.originCountry),
    destinationCity: data.destinationCity ?? load.destinationCity,
    destinationState: keep(data.destinationState, load.destinationState) ?? '',
    destinationZip: keep(data.destinationZip, load.destinationZip),
    destinationCountry: keep(data.destinationCountry, load.destinationCountry),
  };
  const located: {
    pickupStop?: LocatedStop | null;
    deliveryStop?: LocatedStop | null;
    extraStops?: LocatedExtraStop[];
  } = {};
  for (const kind of ['pickup', 'delivery'] as const) {
    const key = `${kind}Stop` as const;
    const before = { stop: load[key], place: placeOfStop(load, kind) };
    const place = placeOfStop(after, kind);
    const sent = data[key];
    if (sent !== undefined) located[key] = await locateStop(key, sent, place, before);
    else if (load[key] && !samePlace(before.place, place))
      located[key] = await locateStop(key, toLoadStopDto(load[key]), place, before);
  }
  if (data.extraStops !== undefined)
    located.extraStops = await locateExtraStops(data.extraStops, load.extraStops ?? []);
  return located;
}
