// A load's stops with real places (issue 39, item 1): the facility, street address, dock notes, appointment,
// reference numbers and contact of its pickup and its delivery. The board and anyone not party to the load see the
// city and state only (FreightListingDto leaves the stops out); the server's `load:stopDetails` rule decides.
// The schema and the past-appointment rule live in freight.ts (its posting schema holds them; the board's first paint
// loads it): this module is types and display helpers only.
import type { STOP_APPOINTMENT_KINDS } from './enums';

export type StopAppointmentKind = (typeof STOP_APPOINTMENT_KINDS)[number];
export const STOP_APPOINTMENT_LABELS: Record<StopAppointmentKind, string> = {
  fcfs: 'First come, first served',
  appointment: 'Appointment',
  window: 'Appointment window',
};

/**
 * An appointment at a stop. Its day is the stop's date (the load's pickupDate or deliveryDate); its times are the
 * facility's local wall clock ('HH:MM'), as the dock gives them.
 */
export interface StopAppointmentDto {
  kind: StopAppointmentKind;
  /** The appointment's time, or the window's start; null for first come, first served. */
  time: string | null;
  /** The window's end; null unless a window. */
  endTime: string | null;
}

/** A stop to pin: an end by its kind, a stop in between by its number on the load. */
export type PinDockStop = 'pickup' | 'delivery' | number;

/**
 * A stop as the people on the load see it (issue 39): the driver's next stop (the pickup until Loaded, then the
 * delivery), the tracking page's stops. Its details are the load's parties' only (the server's `load:stopDetails`).
 */
export interface TripStopDto {
  kind: 'pickup' | 'delivery';
  /**
   * Where the stop falls on the load (issue 39): 1 for the first pickup, `stopCount` for the last delivery, the
   * stops in between numbered in order. Absent on a load of one pickup and one delivery before multi-stop loads.
   */
  sequence?: number;
  stopCount?: number;
  /** "1200 Commerce Way, Chicago, IL 60601", or "Chicago, IL 60601" without a street address. */
  address: string;
  /**
   * True unless the point is exact (the street address geocoded, or the dock pinned): it is the ZIP's or the city's
   * centre, not the dock.
   */
  approximate?: boolean;
  /** The street address alone, null without one (then there is no facility to pin a dock at). */
  street?: string | null;
  /** True when the point is the dock pinned at this facility by a dispatcher or driver. */
  dockPinned?: boolean;
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
  /** How the pin route names this stop (`POST /api/freight/:id/stops/:which/pin`). */
  pinAs?: PinDockStop;
  /** What the viewer may do at this stop: pin its dock (the load's `pinDock`, at a stop with a street address). */
  viewerActions?: { pinDock?: true };
}

/** A pickup's or a delivery's details: every field may be null (not given). */
export interface LoadStopDto {
  facilityName: string | null;
  /** The street address ("1200 Commerce Way"); the city, state and ZIP are the load's. */
  address: string | null;
  /** Dock or door, gate, check-in notes. */
  dockNotes: string | null;
  appointment: StopAppointmentDto | null;
  pickupNumber: string | null;
  poNumber: string | null;
  bolNumber: string | null;
  contactName: string | null;
  contactPhone: string | null;
}

/**
 * A stop between the load's first pickup (its origin) and its last delivery (its destination), in the order the
 * truck makes them (issue 39): another pickup or a delivery, with its own place and date and the same details.
 */
export interface ExtraStopDto extends LoadStopDto {
  kind: 'pickup' | 'delivery';
  city: string;
  state: string;
  zip: string | null;
  /** The stop's day ('YYYY-MM-DD…'); null when not given. An appointment's times are on it. */
  date: string | null;
}

/** "Stop 2 of 4 · Pickup": where a stop falls on the load, the first pickup being stop 1. */
export function stopOrdinalText(sequence: number, count: number, kind: 'pickup' | 'delivery'): string {
  return `Stop ${sequence} of ${count} · ${kind === 'pickup' ? 'Pickup' : 'Delivery'}`;
}

/** The stop's appointment in words: "Appointment 09:30", "Window 08:00–10:00", "First come, first served". */
export function appointmentText(a: StopAppointmentDto | null | undefined): string | null {
  if (!a) return null;
  if (a.kind === 'fcfs') return STOP_APPOINTMENT_LABELS.fcfs;
  if (a.kind === 'window') return `Window ${a.time ?? '?'}–${a.endTime ?? '?'}`;
  return `Appointment ${a.time ?? '?'}`;
}

/** The stop's reference numbers in words ("PU# 4471 · PO# 88-1 · BOL# B-9"), null without any. */
export function stopReferencesText(
  s: Partial<Pick<LoadStopDto, 'pickupNumber' | 'poNumber' | 'bolNumber'>> | null | undefined,
): string | null {
  if (!s) return null;
  const refs = [
    s.pickupNumber && `PU# ${s.pickupNumber}`,
    s.poNumber && `PO# ${s.poNumber}`,
    s.bolNumber && `BOL# ${s.bolNumber}`,
  ].filter(Boolean);
  return refs.length ? refs.join(' · ') : null;
}

/** The full address: street (when known), city, state and ZIP ("1200 Commerce Way, Reno, NV 89502"). */
export function stopAddress(
  street: string | null | undefined,
  city: string,
  state: string,
  zip: string | null | undefined,
): string {
  const place = `${city}${state ? `, ${state}` : ''}${zip ? ` ${zip}` : ''}`;
  return street ? `${street}, ${place}` : place;
}

/**
 * A link that opens the address in the phone's maps app: Google Maps' documented search URL, which opens the Maps
 * app on Android and iOS (with Google Maps installed) and the browser elsewhere.
 */
export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** A tel: link for a contact's phone (its digits and a leading +; an extension is dropped). */
export function telUrl(phone: string): string {
  const main = phone.replace(/(x|ext\.?)\s*\d+\s*$/i, '');
  return `tel:${main.trim().startsWith('+') ? '+' : ''}${main.replace(/\D/g, '')}`;
}
