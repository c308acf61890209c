// The driver's phone (issue 29, item 4): My Trips, the loads a dispatcher assigned to the signed-in driver.
import type { FreightStatus } from './enums';
import type { LoadAssignmentDto } from './fleet';
import type { TripStopDto } from './stops';
import type { TrackingViewerActions } from './tracking';

/** A trip is active while its load is booked or in transit; My Trips lists those first, then delivered ones. */
export const ACTIVE_TRIP_STATUSES = ['booked', 'in_transit'] as const satisfies readonly FreightStatus[];
export const DONE_TRIP_STATUSES = ['delivered'] as const satisfies readonly FreightStatus[];

export interface TripDto {
  /** The load's id. */
  id: string;
  title: string;
  status: FreightStatus;
  pickupCity: string;
  pickupState: string;
  deliveryCity: string;
  deliveryState: string;
  pickupDate: string | null;
  deliveryDate: string | null;
  /** Null once delivered. */
  nextStop: TripStopDto | null;
  assignment: LoadAssignmentDto | null;
  /** The load's workspace actions for this driver (the tracking page's). */
  viewerActions: TrackingViewerActions;
  updatedAt: string;
}

/** Directions to a place (Google Maps' documented URL scheme): its coordinates when known, else its address. */
export function navigationUrl(place: { address: string; lat: number | null; lng: number | null }): string {
  const destination = place.lat != null && place.lng != null ? `${place.lat},${place.lng}` : place.address;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/**
 * Server → client, to the driver's own room: a trip assigned to them (or changed), or taken away (reassigned to
 * someone else, or the load cancelled).
 */
export interface TripEvents {
  'trip:upsert': (payload: { trip: TripDto }) => void;
  'trip:removed': (payload: { tripId: string }) => void;
}
