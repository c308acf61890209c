// A load's stops with real places (issue 39, item 1): the facility, street address, dock notes, appointment,
// reference numbers and contact of its pickup and its delivery. The board and anyone not party to the load see the
// city and state only (FreightListingDto leaves the stops out); the server's `load:stopDetails` rule decides.
import { z } from 'zod';

/** First come, first served (within the stop's hours), a set time, or a window the carrier must arrive in. */
export const STOP_APPOINTMENT_KINDS = ['fcfs', 'appointment', 'window'] as const;
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

export const STOP_FIELDS = [
  'facilityName',
  'address',
  'dockNotes',
  'appointment',
  'pickupNumber',
  'poNumber',
  'bolNumber',
  'contactName',
  'contactPhone',
] as const satisfies readonly (keyof LoadStopDto)[];

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const text = (max: number) =>
  z.preprocess((v) => (isBlank(v) ? null : v), z.string().trim().max(max).nullable()).optional();
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z
  .preprocess((v) => (isBlank(v) ? null : v), z.string().regex(TIME_RE, 'Expected a time (HH:MM)').nullable())
  .optional();
/** Digits with the usual separators, an optional leading + and extension ("(775) 555-0142 ext 12"). */
const PHONE_RE = /^\+?[\d\s().-]+((\s*(x|ext\.?)\s*)\d{1,6})?$/i;
const phone = z
  .preprocess(
    (v) => (isBlank(v) ? null : v),
    z
      .string()
      .trim()
      .max(40)
      .regex(PHONE_RE, 'Enter a phone number, e.g. (775) 555-0142')
      .refine((s) => s.replace(/(x|ext\.?)\s*\d+$/i, '').replace(/\D/g, '').length >= 7, {
        message: 'Enter a phone number, e.g. (775) 555-0142',
      })
      .nullable(),
  )
  .optional();

export const stopAppointmentSchema = z
  .object({
    kind: z.enum(STOP_APPOINTMENT_KINDS, { message: 'Choose fcfs, appointment or window' }),
    time,
    endTime: time,
  })
  .superRefine((a, ctx) => {
    if (a.kind !== 'fcfs' && !a.time) {
      ctx.addIssue({ code: 'custom', path: ['time'], message: 'Enter the appointment time' });
    }
    if (a.kind === 'window') {
      if (!a.endTime)
        ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'Enter when the window ends' });
      else if (a.time && a.endTime <= a.time) {
        ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'The window must end after it starts' });
      }
    }
  })
  .transform((a): StopAppointmentDto => ({
    kind: a.kind,
    time: a.kind === 'fcfs' ? null : (a.time ?? null),
    endTime: a.kind === 'window' ? (a.endTime ?? null) : null,
  }));

/** A stop's details as a form or the API sends them; one with nothing given is stored as none (null). */
export const loadStopSchema = z
  .object({
    facilityName: text(200),
    address: text(200),
    dockNotes: text(1000),
    appointment: z.preprocess((v) => (isBlank(v) ? null : v), stopAppointmentSchema.nullable()).optional(),
    pickupNumber: text(60),
    poNumber: text(60),
    bolNumber: text(60),
    contactName: text(100),
    contactPhone: phone,
  })
  .transform((s): LoadStopDto | null => {
    const stop = Object.fromEntries(STOP_FIELDS.map((k) => [k, s[k] ?? null])) as unknown as LoadStopDto;
    return STOP_FIELDS.some((k) => stop[k] != null) ? stop : null;
  });

/** `pickupStop` / `deliveryStop` in a posting or an edit: an object, or null (none; an edit clears it). */
export const loadStopField = z
  .preprocess((v) => (isBlank(v) ? null : v), loadStopSchema.nullable())
  .optional();

/** The latest wall clock of the US (UTC−10, Hawaii): a time on it that has passed has passed at every facility. */
const LATEST_US_OFFSET_MS = 10 * 3_600_000;

/**
 * Whether a stop's appointment is already over, judged on the facility's wall clock in the latest US time zone (the
 * facility's own zone is not known yet): an appointment or window by its (end) time, first come, first served by
 * the end of its day (`hoursEnd`, else midnight). `date`: the stop's date ('YYYY-MM-DD' or an ISO date-time).
 */
export function appointmentIsPast(
  appointment: StopAppointmentDto,
  date: string,
  hoursEnd: string | null | undefined,
  now = Date.now(),
): boolean {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!day) return false;
  const until = appointment.endTime ?? appointment.time ?? hoursEnd ?? '23:59';
  const [h, m] = until.split(':').map(Number);
  const wall = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), h ?? 23, m ?? 59);
  return wall + LATEST_US_OFFSET_MS < now;
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
