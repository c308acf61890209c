import {
  mapsSearchUrl,
  navigationUrl,
  stopAddress,
  type FreightListingDto,
  type TripStopDto,
} from '@freight/shared';
import { iso } from '../../http/dto';
import { can, type Actor } from '../../policies';
import { cityCoordinates } from '../places/gazetteer';
import { toLoadStopDto, type FreightListing } from './model';

/** A load's two stops. */
export type StopKind = 'pickup' | 'delivery';

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
  };
}

/** One stop's own fields, named alike for the pickup and the delivery. */
function stopFields(load: FreightListing, kind: StopKind) {
  return kind === 'pickup'
    ? {
        city: load.originCity,
        state: load.originState,
        zip: load.originZip,
        lat: load.originLat,
        lng: load.originLng,
        date: load.pickupDate,
        details: load.pickupStop,
      }
    : {
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
export function stopPointOf(load: FreightListing, kind: StopKind): { lat: number; lng: number } | null {
  const { lat, lng, city, state, details } = stopFields(load, kind);
  if (details?.lat != null && details.lng != null) return { lat: details.lat, lng: details.lng };
  if (lat != null && lng != null) return { lat, lng };
  return cityCoordinates(city, state);
}

/**
 * A stop as the people on the load need it at the gate (issue 39): the full address (one tap opens it in the maps
 * app), directions, the day, appointment, dock notes, references and contact. Directions go to the point when it is
 * exact (the dock pinned, the address geocoded), else to the street address, else to the city's centre.
 */
export function toStopViewDto(load: FreightListing, kind: StopKind): TripStopDto {
  const { city, state, zip, date, details } = stopFields(load, kind);
  const stop = toLoadStopDto(details);
  const at = stopPointOf(load, kind);
  const exact = details?.lat != null && details.lng != null && details.approximate === false;
  const address = stopAddress(stop?.address, city, state, zip);
  const destination =
    stop?.address && !exact
      ? { address, lat: null, lng: null }
      : { address, lat: at?.lat ?? null, lng: at?.lng ?? null };
  return {
    kind,
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

/** Both stops for a viewer the `load:stopDetails` rule lets read them; else nothing (the fields stay absent). */
export function stopViewsFor(
  actor: Actor,
  load: FreightListing,
): { pickupStop?: TripStopDto; deliveryStop?: TripStopDto } {
  if (!can(actor, 'load:stopDetails', load)) return {};
  return { pickupStop: toStopViewDto(load, 'pickup'), deliveryStop: toStopViewDto(load, 'delivery') };
}
