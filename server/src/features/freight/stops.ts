import {
  mapsSearchUrl,
  navigationUrl,
  stopAddress,
  type FreightListingDto,
  type TripStopDto,
} from '@freight/shared';
import { iso } from '../../http/dto';
import { can, type Actor } from '../../policies';
import { mayPinDock } from '../../policies/tracking';
import { cityCoordinates } from '../places/gazetteer';
import { toExtraStopDto, toLoadStopDto, type FreightListing } from './model';

/** A load's two ends: its first pickup and its last delivery. */
export type StopKind = 'pickup' | 'delivery';
/** A stop of a load: one of its two ends, or the stop in between at this index of `extraStops` (issue 39). */
export type StopRef = StopKind | { extra: number };

/**
 * The load's DTO with its stops' details when the viewer may read them (`load:stopDetails`, issue 39); else as it
 * is (toFreightDto leaves them out, so the board, pushes and facts never carry them).
 */
export function withStopDetails(
  actor: Actor | null | undefined,
  load: FreightListing,
  dto: FreightListingDto,
): FreightListingDto {
  if (!actor || !can(actor, 'load:stopDetails', load)) return dto;
  return {
    ...dto,
    pickupStop: toLoadStopDto(load.pickupStop),
    deliveryStop: toLoadStopDto(load.deliveryStop),
    extraStops: (load.extraStops ?? []).map(toExtraStopDto),
  };
}

/** One stop's own fields, named alike for the pickup, the stops in between and the delivery. */
function stopFields(load: FreightListing, ref: StopRef) {
  if (typeof ref === 'object') {
    const stop = load.extraStops[ref.extra]!;
    return {
      kind: stop.kind as StopKind,
      sequence: ref.extra + 2,
      city: stop.city,
      state: stop.state,
      zip: stop.zip ?? null,
      lat: null,
      lng: null,
      date: stop.date ?? null,
      details: stop,
    };
  }
  const kind = ref;
  return kind === 'pickup'
    ? {
        kind,
        sequence: 1,
        city: load.originCity,
        state: load.originState,
        zip: load.originZip,
        lat: load.originLat,
        lng: load.originLng,
        date: load.pickupDate,
        details: load.pickupStop,
      }
    : {
        kind,
        sequence: (load.extraStops?.length ?? 0) + 2,
        city: load.destinationCity,
        state: load.destinationState,
        zip: load.destinationZip,
        lat: load.destinationLat,
        lng: load.destinationLng,
        date: load.deliveryDate,
        details: load.deliveryStop,
      };
}

/**
 * Where a stop is (the map's pin, the delivery geofence): the best point known (issue 39): the dock pinned at the
 * facility, the street address geocoded or the ZIP's centre (the stop's own point); else the load's stored
 * coordinates, else its city's centre (the gazetteer), else null (a place outside the US).
 */
export function stopPointOf(load: FreightListing, ref: StopRef): { lat: number; lng: number } | null {
  const { lat, lng, city, state, details } = stopFields(load, ref);
  if (details?.lat != null && details.lng != null) return { lat: details.lat, lng: details.lng };
  if (lat != null && lng != null) return { lat, lng };
  return cityCoordinates(city, state);
}

/**
 * A stop as the clock at the stops names and watches it (issue 41): its kind and place in the trip, its facility's
 * name, street and state, and its point when that is exact (the address geocoded or the dock pinned), else null: a
 * ZIP's or a city's centre is too coarse for a geofence.
 */
export function stopSiteOf(load: FreightListing, ref: StopRef) {
  const { kind, sequence, city, state, details } = stopFields(load, ref);
  const exact = details?.lat != null && details.lng != null && details.approximate === false;
  return {
    kind,
    sequence,
    city,
    state,
    facilityName: details?.facilityName ?? null,
    street: details?.address ?? null,
    exactPoint: exact ? { lat: details.lat!, lng: details.lng! } : null,
  };
}

/**
 * A stop as the people on the load need it at the gate (issue 39): the full address (one tap opens it in the maps
 * app), directions, the day, appointment, dock notes, references and contact. Directions go to the point when it is
 * exact (the dock pinned, the address geocoded), else to the street address, else to the city's centre.
 */
export function toStopViewDto(load: FreightListing, ref: StopRef): TripStopDto {
  const { kind, sequence, city, state, zip, date, details } = stopFields(load, ref);
  const stop = toLoadStopDto(details);
  const at = stopPointOf(load, ref);
  const exact = details?.lat != null && details.lng != null && details.approximate === false;
  const address = stopAddress(stop?.address, city, state, zip);
  const destination =
    stop?.address && !exact
      ? { address, lat: null, lng: null }
      : { address, lat: at?.lat ?? null, lng: at?.lng ?? null };
  return {
    kind,
    sequence,
    pinAs: typeof ref === 'object' ? sequence : kind,
    stopCount: (load.extraStops?.length ?? 0) + 2,
    address,
    approximate: !exact,
    street: stop?.address ?? null,
    dockPinned: Boolean(details?.pinned),
    lat: at?.lat ?? null,
    lng: at?.lng ?? null,
    navigationUrl: navigationUrl(destination),
    mapsUrl: mapsSearchUrl(address),
    date: iso(date),
    facilityName: stop?.facilityName ?? null,
    dockNotes: stop?.dockNotes ?? null,
    appointment: stop?.appointment ?? null,
    pickupNumber: stop?.pickupNumber ?? null,
    poNumber: stop?.poNumber ?? null,
    bolNumber: stop?.bolNumber ?? null,
    contactName: stop?.contactName ?? null,
    contactPhone: stop?.contactPhone ?? null,
  };
}

/**
 * Every stop, in order, for a viewer the `load:stopDetails` rule lets read them; else nothing (the fields stay
 * absent). Which stops in between are done is the stop reports' to say (GET /api/freight/:id/stops).
 */
export function stopViewsFor(
  actor: Actor,
  load: FreightListing,
): { pickupStop?: TripStopDto; deliveryStop?: TripStopDto; extraStops?: TripStopDto[] } {
  if (!can(actor, 'load:stopDetails', load)) return {};
  const pin = mayPinDock(actor, load);
  const view = (ref: StopRef): TripStopDto => {
    const stop = toStopViewDto(load, ref);
    return pin && stop.street ? { ...stop, viewerActions: { pinDock: true } } : stop;
  };
  return {
    pickupStop: view('pickup'),
    extraStops: (load.extraStops ?? []).map((_, extra) => view({ extra })),
    deliveryStop: view('delivery'),
  };
}
