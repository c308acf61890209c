// The driver's phone (issue 29, item 4): My Trips, the loads a dispatcher assigned to the signed-in driver.
import type { FreightStatus } from './enums';
import type { LoadAssignmentDto } from './fleet';
import type { StopAppointmentDto } from './stops';
import type { TrackingViewerActions } from './tracking';

/** A trip is active while its load is booked or in transit; My Trips lists those first, then delivered ones. */
export const ACTIVE_TRIP_STATUSES = ['booked', 'in_transit'] as const satisfies readonly FreightStatus[];
export const DONE_TRIP_STATUSES = ['delivered'] as const satisfies readonly FreightStatus[];

/** Where the driver goes next: the pickup until Loaded (the load in transit), then the delivery. */
export interface TripStopDto {
  kind: 'pickup' | 'delivery';
  /** "1200 Commerce Way, Chicago, IL 60601", or "Chicago, IL 60601" without a street address. */
  address: string;
  /** True when the stop has no street address: the point is the city's (or ZIP's) centre, not the dock. */
  approximate?: boolean;
  lat: number | null;
  lng: number | null;
  /** A maps link that opens turn-by-turn directions to the stop. */
  navigationUrl: string;
  /** A link that opens the address in the phone's maps app (issue 39). */
  mapsUrl?: string;
  /** The stop's details (issue 39); null when not given. */
  facilityName?: string | null;
  dockNotes?: string | null;
  /** The stop's date (the load's pickup or delivery date) and its appointment on it. */
  date?: string | null;
  appointment?: StopAppointmentDto | null;
  pickupNumber?: string | null;
  poNumber?: string | null;
  bolNumber?: string | null;
  contactName?: string | null;
  contactPhone?: string | null;
}

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
