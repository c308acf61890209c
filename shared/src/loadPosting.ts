// Posting and editing a load (SPEC §5 Post Load, call 12): the fields, their stops (issue 39) and the rules that span
// fields, shared by the form and the server. Apart from freight.ts so the pages that only read loads (the landing, the
// board's first paint) do not load the posting schemas.
import { z } from 'zod';
import { ACCESSORIAL_TERMS_LIMITS as LIMITS } from './accessorialTerms';
import { MAX_EXTRA_STOPS } from './constants';
import {
  AIR_WEIGHT_CLASSES,
  CARGO_TYPES,
  EQUIPMENT_TYPES,
  RATE_TYPES,
  STOP_APPOINTMENT_KINDS,
  US_STATES,
  WEIGHT_CLASSES,
  boardEquipment,
} from './enums';
import { AIR_EQUIPMENT, ALL_WEIGHT_CLASSES } from './freight';
import { isBlank, nullableDate, nullableNumber, nullableText, nullableTime } from './nullableInputs';
import { countryName, regionRequired } from './regions';
import type { ExtraStopDto, LoadStopDto, StopAppointmentDto } from './stops';

// A stop's details (issue 39; types and display helpers in stops.ts).
const PHONE_MESSAGE = 'Enter a phone number, e.g. (775) 555-0142';
export const stopAppointmentSchema = z
  .object({
    kind: z.enum(STOP_APPOINTMENT_KINDS, { message: 'Choose fcfs, appointment or window' }),
    time: nullableTime,
    endTime: nullableTime,
  })
  .superRefine((a, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (a.kind !== 'fcfs' && !a.time) issue('time', 'Enter the appointment time');
    if (a.kind === 'window') {
      if (!a.endTime) issue('endTime', 'Enter when the window ends');
      else if (a.time && a.endTime <= a.time) issue('endTime', 'The window must end after it starts');
    }
  })
  .transform((a): StopAppointmentDto => ({
    kind: a.kind,
    time: a.kind === 'fcfs' ? null : (a.time ?? null),
    endTime: a.kind === 'window' ? (a.endTime ?? null) : null,
  }));
const stopShape = {
  facilityName: nullableText(200),
  /** The street address; the city, state and ZIP are the load's. */
  address: nullableText(200),
  dockNotes: nullableText(1000),
  appointment: z.preprocess((v) => (isBlank(v) ? null : v), stopAppointmentSchema.nullable()).optional(),
  pickupNumber: nullableText(60),
  poNumber: nullableText(60),
  bolNumber: nullableText(60),
  contactName: nullableText(100),
  /** Digits with the usual separators, a leading + and an extension ("(775) 555-0142 ext 12"). */
  contactPhone: z
    .preprocess(
      (v) => (isBlank(v) ? null : v),
      z
        .string()
        .trim()
        .max(40)
        .regex(/^\+?(?:[\s().-]*\d){7,}[\s().-]*(?:(?:x|ext\.?)\s*\d{1,6})?$/i, PHONE_MESSAGE)
        .nullable(),
    )
    .optional(),
};
/** A stop's details as a form or the API sends them; one with nothing given is none (null). */
export const loadStopSchema = z.object(stopShape).transform((s): LoadStopDto | null => {
  const stop = Object.fromEntries(Object.keys(stopShape).map((k) => [k, s[k as keyof typeof s] ?? null]));
  return Object.values(stop).some((v) => v != null) ? (stop as unknown as LoadStopDto) : null;
});
/** `pickupStop` / `deliveryStop` in a posting or an edit: an object, or null (none; an edit clears it). */
const loadStopField = z.preprocess((v) => (isBlank(v) ? null : v), loadStopSchema.nullable()).optional();

/**
 * A stop between the first pickup and the last delivery (issue 39): a pickup or a delivery, its place (city and state
 * required, as the load's own), its date and the same details as the two ends.
 */
export const extraStopSchema = z
  .object({
    kind: z.enum(['pickup', 'delivery'], { message: 'Choose pickup or delivery' }),
    city: z.string({ message: 'Required' }).trim().min(1, 'Required').max(100),
    state: z.string({ message: 'Required' }).trim().min(1, 'Required').max(60),
    zip: nullableText(20),
    date: nullableDate,
    ...stopShape,
  })
  .transform((s): ExtraStopDto => ({
    ...(Object.fromEntries(
      Object.keys(stopShape).map((k) => [k, s[k as keyof typeof s] ?? null]),
    ) as unknown as LoadStopDto),
    kind: s.kind,
    city: s.city,
    state: s.state.toUpperCase(),
    zip: s.zip ?? null,
    date: s.date ?? null,
  }));
export type ExtraStopInput = z.input<typeof extraStopSchema>;
/** The stops in between, in the order the truck makes them; an edit replaces the list as a whole ([] clears it). */
const extraStopsField = z
  .preprocess(
    (v) => (v === null ? [] : v),
    z
      .array(extraStopSchema)
      .max(
        MAX_EXTRA_STOPS,
        `At most ${MAX_EXTRA_STOPS} stops between the first pickup and the last delivery`,
      ),
  )
  .optional();

/** Dollars with at most two decimals, from 0 to `max`: the terms' money fields (issue 41). */
const termDollars = (max: number, unit: string) =>
  nullableNumber(
    z
      .number({ message: 'Expected a number of dollars' })
      .min(0, 'Must not be negative')
      .max(max, `At most $${max.toLocaleString('en-US')} ${unit}`)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'At most two decimals (cents)'),
  );
/**
 * The load's detention, layover and TONU terms (issue 41, docs/detention.md), in dollars and minutes. Each field is
 * optional: left out (or blank), a posting takes the default and an edit keeps the load's. The billing step is not
 * an input: it is DETENTION_BILLING_STEP_MINUTES.
 */
export const accessorialTermsSchema = z.object({
  freeTimeMinutes: nullableNumber(
    z
      .number({ message: 'Expected a number of minutes' })
      .int('Expected whole minutes')
      .min(0, 'Must not be negative')
      .max(LIMITS.freeTimeMinutes, 'At most 24 hours (1440 minutes)'),
  ),
  detentionPerHour: termDollars(LIMITS.detentionPerHour, 'an hour'),
  layoverPerNight: termDollars(LIMITS.layoverPerNight, 'a night'),
  tonuBase: termDollars(LIMITS.tonuBase, 'as the TONU fee'),
  tonuPerMile: termDollars(LIMITS.tonuPerMile, 'a mile'),
});
export type AccessorialTermsInput = z.input<typeof accessorialTermsSchema>;
/** `accessorialTerms` in a posting or an edit: an object, or null (a posting's defaults; an edit resets to them). */
const accessorialTermsField = z
  .preprocess((v) => (isBlank(v) ? null : v), accessorialTermsSchema.nullable())
  .optional();

/**
 * Whether a stop's appointment is over, on the facility's wall clock in the latest US time zone (UTC−10: the
 * facility's own zone is not known yet, so a time past there is past everywhere): an appointment or window by its
 * (end) time, first come, first served by the end of the stop's hours (`hoursEnd`, else midnight).
 */
export function appointmentIsPast(
  appointment: StopAppointmentDto,
  date: string,
  hoursEnd: string | null | undefined,
  now = Date.now(),
): boolean {
  const day = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  if (!day) return false;
  const time =
    [appointment.endTime, appointment.time, hoursEnd].find((t) => typeof t === 'string') ?? '23:59';
  const [h, m] = time.split(':').map(Number);
  return Date.UTC(+day[1]!, +day[2]! - 1, +day[3]!, h!, m!) + 10 * 3_600_000 < now;
}

/** Every field the Post Load form (and the air shipment form) sends; all but the four places are optional. */
export const loadFieldsSchema = z.object({
  title: nullableText(200),
  originCity: z.string({ message: 'Required' }).trim().min(1, 'Required').max(100),
  // A state (road) or region (air); needed on the road and, by air, in the US, Canada and Mexico (loadFieldIssues).
  originState: nullableText(60),
  originZip: nullableText(20),
  originCountry: nullableText(60),
  destinationCity: z.string({ message: 'Required' }).trim().min(1, 'Required').max(100),
  destinationState: nullableText(60),
  destinationZip: nullableText(20),
  destinationCountry: nullableText(60),
  originLat: nullableNumber(z.number().min(-90).max(90)),
  originLng: nullableNumber(z.number().min(-180).max(180)),
  destinationLat: nullableNumber(z.number().min(-90).max(90)),
  destinationLng: nullableNumber(z.number().min(-180).max(180)),
  /** 'refrigerated' (the old name) is stored as 'reefer'. */
  equipmentType: z.enum(EQUIPMENT_TYPES).transform(boardEquipment).optional(),
  equipmentLength: nullableNumber(z.number().int('Expected a whole number').positive().max(100)),
  weight: nullableNumber(z.number().int('Expected a whole number').positive().max(10_000_000)),
  weightClass: z.preprocess((v) => (isBlank(v) ? null : v), z.enum(ALL_WEIGHT_CLASSES).nullable()).optional(),
  commodity: nullableText(200),
  cargoType: z.preprocess((v) => (isBlank(v) ? null : v), z.enum(CARGO_TYPES).nullable()).optional(),
  rate: nullableNumber(z.number().min(0, 'Number must be greater than or equal to 0').max(100_000_000)),
  rateType: z.enum(RATE_TYPES).optional(),
  distance: nullableNumber(z.number().positive('Number must be greater than 0').max(30_000)),
  pickupDate: nullableDate,
  pickupTimeStart: nullableTime,
  pickupTimeEnd: nullableTime,
  deliveryDate: nullableDate,
  deliveryTimeStart: nullableTime,
  deliveryTimeEnd: nullableTime,
  description: nullableText(5000),
  specialInstructions: nullableText(2000),
  isUrgent: z.boolean().optional(),
  isHazmat: z.boolean().optional(),
  requiresTarps: z.boolean().optional(),
  requiresStraps: z.boolean().optional(),
  requiresLiftgate: z.boolean().optional(),
  /** The stops' details (issue 39); an edit replaces a stop's details as a whole (null clears them). */
  pickupStop: loadStopField,
  deliveryStop: loadStopField,
  extraStops: extraStopsField,
  /** Free time, detention, layover and TONU (issue 41); defaults when left out. */
  accessorialTerms: accessorialTermsField,
});
/** The fields the cross-field rules look at (a posting, or an edit merged onto the stored load). */
export interface LoadRuleFields {
  originState?: string | null;
  destinationState?: string | null;
  originCountry?: string | null;
  destinationCountry?: string | null;
  weightClass?: string | null;
  pickupDate?: string | null;
  deliveryDate?: string | null;
  pickupTimeEnd?: string | null;
  deliveryTimeEnd?: string | null;
  /** Checked only when given: an edit that leaves the stops and dates alone is not refused for a past appointment. */
  pickupStop?: Pick<LoadStopDto, 'appointment'> | null;
  deliveryStop?: Pick<LoadStopDto, 'appointment'> | null;
  /** Checked when given, or when the edit moves the pickup or delivery date around them. */
  extraStops?: ExtraStopRuleFields[] | null;
}

const STOP_DATES = [
  ['pickupStop', 'pickupDate', 'pickupTimeEnd', 'pickup'],
  ['deliveryStop', 'deliveryDate', 'deliveryTimeEnd', 'delivery'],
] as const;

const PLACES = [
  ['originState', 'originCountry'],
  ['destinationState', 'destinationCountry'],
] as const;

type ExtraStopRuleFields = Pick<ExtraStopDto, 'appointment' | 'date' | 'state'>;

/** Rules that span fields (shared by posting and editing): places, weight classes, dates. */
export function loadFieldIssues(
  v: LoadRuleFields,
  equipmentType: string | undefined,
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const air = equipmentType === AIR_EQUIPMENT;
  for (const [regionKey, countryKey] of PLACES) {
    const region = typeof v[regionKey] === 'string' ? v[regionKey] : null;
    const country = typeof v[countryKey] === 'string' ? v[countryKey] : null;
    if (!region) {
      // By air, a region is asked for only where addresses have one (issue 39: Bogota, Colombia has none).
      if (!air || regionRequired(country)) issues.push({ path: regionKey, message: 'Required' });
    } else if (!air && !(US_STATES as readonly string[]).includes(region.toUpperCase())) {
      issues.push({ path: regionKey, message: 'Expected a two-letter US state code' });
    }
  }
  if (v.weightClass != null) {
    const allowed: readonly string[] = air ? AIR_WEIGHT_CLASSES : WEIGHT_CLASSES;
    if (!allowed.includes(v.weightClass)) {
      issues.push({ path: 'weightClass', message: `Expected one of ${allowed.join(', ')}` });
    }
  }
  if (v.pickupDate && v.deliveryDate && Date.parse(v.deliveryDate) < Date.parse(v.pickupDate)) {
    issues.push({ path: 'deliveryDate', message: 'Delivery date must not be before pickup date' });
  }
  // A stop's appointment is on the stop's date: a set time needs the date, and one already over is refused.
  for (const [stopKey, dateKey, hoursEndKey, word] of STOP_DATES) {
    const appointment = v[stopKey]?.appointment;
    if (!appointment) continue;
    const date = v[dateKey];
    if (!date) {
      if (appointment.kind !== 'fcfs') {
        issues.push({ path: dateKey, message: `Set the ${word} date of the ${word} appointment` });
      }
    } else if (appointmentIsPast(appointment, date, v[hoursEndKey])) {
      issues.push({ path: stopKey, message: `The ${word} appointment is in the past` });
    }
  }
  issues.push(...extraStopIssues(v, air));
  return issues;
}

/**
 * The stops in between (issue 39): none by air (airport to airport); a US state on the road; an appointment on the
 * stop's date and not over; and in order: each dated stop on or after the one before it, the delivery after the last.
 */
function extraStopIssues(v: LoadRuleFields, air: boolean): { path: string; message: string }[] {
  // The rules also run when a field failed its own schema (every missing field shown at once): the list may then be
  // anything a client sent, and only the stops that have the shape are judged here.
  if (!Array.isArray(v.extraStops) || !v.extraStops.length) return [];
  const stops = v.extraStops.map(
    (s) => (s && typeof s === 'object' ? s : {}) as Partial<ExtraStopRuleFields>,
  );
  if (air)
    return [
      {
        path: 'extraStops',
        message: 'An air shipment goes from one airport to another, with no stops in between',
      },
    ];
  const issues: { path: string; message: string }[] = [];
  let latest = v.pickupDate ? Date.parse(v.pickupDate) : null;
  let latestName = 'the pickup';
  stops.forEach((stop, i) => {
    const at = `extraStops.${i}`;
    const name = `stop ${i + 2}`;
    if (
      typeof stop.state === 'string' &&
      !(US_STATES as readonly string[]).includes(stop.state.toUpperCase())
    )
      issues.push({ path: `${at}.state`, message: 'Expected a two-letter US state code' });
    const date = typeof stop.date === 'string' ? stop.date : null;
    const appointment = stop.appointment && typeof stop.appointment === 'object' ? stop.appointment : null;
    if (appointment && !date && appointment.kind !== 'fcfs')
      issues.push({ path: `${at}.date`, message: `Set the date of ${name}'s appointment` });
    else if (appointment && date && appointmentIsPast(appointment, date, null))
      issues.push({ path: at, message: `The appointment at ${name} is in the past` });
    if (!date) return;
    const day = Date.parse(date);
    if (Number.isNaN(day)) return;
    if (latest != null && day < latest) {
      issues.push({
        path: `${at}.date`,
        message: `Stops must be in order: ${name} is dated before ${latestName}`,
      });
    } else {
      latest = day;
      latestName = name;
    }
  });
  if (v.deliveryDate && latest != null && Date.parse(v.deliveryDate) < latest && latestName !== 'the pickup')
    issues.push({
      path: 'deliveryDate',
      message: `Stops must be in order: the delivery is dated before ${latestName}`,
    });
  return issues;
}

/** POST /api/freight (call 12) with SPEC §5's defaults applied; `brokerId` in the body is ignored. */
export const postLoadSchema = loadFieldsSchema
  .superRefine(
    (v, ctx) => {
      const equipment = typeof v.equipmentType === 'string' ? v.equipmentType : 'dry_van';
      for (const issue of loadFieldIssues(v, equipment)) {
        // A field its own schema refused already keeps that one message.
        if (ctx.issues.some((i) => i.path?.[0] === issue.path)) continue;
        ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
      }
    },
    // Also when another field failed: an empty form shows every missing place at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((v) => {
    const equipmentType = v.equipmentType ?? 'dry_van';
    const air = equipmentType === AIR_EQUIPMENT;
    return {
      ...v,
      originState: air ? (v.originState ?? '') : v.originState!.toUpperCase(),
      destinationState: air ? (v.destinationState ?? '') : v.destinationState!.toUpperCase(),
      originCountry: v.originCountry == null ? v.originCountry : countryName(v.originCountry),
      destinationCountry:
        v.destinationCountry == null ? v.destinationCountry : countryName(v.destinationCountry),
      equipmentType,
      equipmentLength: v.equipmentLength === undefined ? (air ? null : 53) : v.equipmentLength,
      weightClass: v.weightClass === undefined ? (air ? null : 'ftl') : v.weightClass,
      rateType: v.rateType ?? 'flat',
      pickupTimeStart: v.pickupTimeStart === undefined ? '08:00' : v.pickupTimeStart,
      pickupTimeEnd: v.pickupTimeEnd === undefined ? '17:00' : v.pickupTimeEnd,
      // No delivery window is invented: the receiver's hours are the poster's to give (issue 39).
      deliveryTimeStart: v.deliveryTimeStart ?? null,
      deliveryTimeEnd: v.deliveryTimeEnd ?? null,
      isUrgent: v.isUrgent ?? false,
      isHazmat: v.isHazmat ?? false,
      requiresTarps: v.requiresTarps ?? false,
      requiresStraps: v.requiresStraps ?? false,
      requiresLiftgate: v.requiresLiftgate ?? false,
      pickupStop: v.pickupStop ?? null,
      deliveryStop: v.deliveryStop ?? null,
      extraStops: v.extraStops ?? [],
      accessorialTerms: v.accessorialTerms ?? {},
    };
  });
export type PostLoadInput = z.input<typeof postLoadSchema>;
export type PostLoadData = z.output<typeof postLoadSchema>;

/** PATCH /api/freight/:id: any subset of the posting fields (the equipment type is checked against the load's). */
export const updateLoadSchema = loadFieldsSchema.partial();
export type UpdateLoadInput = z.input<typeof updateLoadSchema>;
export type UpdateLoadData = z.output<typeof updateLoadSchema>;
