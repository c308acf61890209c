// Background checks of individual drivers (SPEC §3 "Background check info", §5 "Background check", issue 16):
// the form's schema (the server validates with the same one), the DTOs (the SSN only as its last four digits),
// the review, and the socket events.
import { z } from 'zod';
import { parseCalendarDate } from './dates';
import { US_STATES } from './enums';

export const BACKGROUND_CHECK_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type BackgroundCheckStatus = (typeof BACKGROUND_CHECK_STATUSES)[number];
export const BACKGROUND_CHECK_STATUS_LABELS: Record<BackgroundCheckStatus, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** Drivers must be adults (the age most US states and insurers require to drive for hire). */
export const BACKGROUND_CHECK_MIN_AGE = 18;
/** Where the driver fills in the form (the dashboard links here). */
export const BACKGROUND_CHECK_PATH = '/background-check';
/** The 403 a driver without an approved check gets on a small-shipment offer; the form links to the page. */
export const BACKGROUND_CHECK_REQUIRED_MESSAGE =
  'You need an approved background check before making offers on small shipments.';
export const BACKGROUND_CHECK_REQUIRED_REASON = 'background_check_required';

export const SSN_FORMAT_MESSAGE = 'Enter the SSN as ###-##-#### or 9 digits';
export const SSN_INVALID_MESSAGE = 'This is not a valid Social Security number';
export const CONSENT_BACKGROUND_MESSAGE = 'You must consent to the background check';
export const CONSENT_RECORD_MESSAGE = 'You must consent to the driving record check';
export const DETAILS_REQUIRED_MESSAGE = 'Please describe what happened';

/**
 * The 9 digits of an SSN typed as ###-##-#### or #########, or null when it is not one. Never put the value into an
 * error message: a 400's text reaches logs and screens.
 */
export function normalizeSsn(value: string): string | null {
  const m = /^(\d{3})-?(\d{2})-?(\d{4})$/.exec(value.trim());
  return m ? `${m[1]}${m[2]}${m[3]}` : null;
}

/**
 * The Social Security Administration never issues area 000, 666 or 900-999, group 00 or serial 0000.
 * `digits`: 9 digits (normalizeSsn).
 */
export function isIssuableSsn(digits: string): boolean {
  const area = digits.slice(0, 3);
  return (
    area !== '000' &&
    area !== '666' &&
    area[0] !== '9' &&
    digits.slice(3, 5) !== '00' &&
    digits.slice(5) !== '0000'
  );
}

/** Whole years between a birth date and `now` (UTC calendar dates). */
export function ageOn(birth: Date, now: Date): number {
  let age = now.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < birth.getUTCMonth() ||
    (now.getUTCMonth() === birth.getUTCMonth() && now.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age--;
  return age;
}

/** The 10 digits of a US phone number typed with any punctuation (and an optional leading +1), or null. */
export function normalizeUsPhone(value: string): string | null {
  if (!/^[\d\s().+-]+$/.test(value)) return null;
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? digits : null;
}

const required = (max: number) =>
  z.string({ error: 'Required' }).trim().min(1, 'Required').max(max, `At most ${max} characters`);

const phone = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .refine((v) => normalizeUsPhone(v) !== null, 'Enter a 10-digit US phone number');

const ssn = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .transform((v, ctx) => {
    const digits = normalizeSsn(v);
    if (!digits) {
      ctx.addIssue({ code: 'custom', message: SSN_FORMAT_MESSAGE });
      return z.NEVER;
    }
    if (!isIssuableSsn(digits)) {
      ctx.addIssue({ code: 'custom', message: SSN_INVALID_MESSAGE });
      return z.NEVER;
    }
    return digits;
  });

const dateOfBirth = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .superRefine((v, ctx) => {
    const date = /^\d{4}-\d{2}-\d{2}$/.test(v) ? parseCalendarDate(v) : null;
    const now = new Date();
    if (!date) ctx.addIssue({ code: 'custom', message: 'Enter a valid date (YYYY-MM-DD)' });
    else if (date.getTime() > now.getTime()) {
      ctx.addIssue({ code: 'custom', message: 'The date of birth must be in the past' });
    } else if (date.getUTCFullYear() < 1900) {
      ctx.addIssue({ code: 'custom', message: 'Enter a date of birth after 1900' });
    } else if (ageOn(date, now) < BACKGROUND_CHECK_MIN_AGE) {
      ctx.addIssue({
        code: 'custom',
        message: `Drivers must be at least ${BACKGROUND_CHECK_MIN_AGE} years old`,
      });
    }
  });

const state = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
  z.enum(US_STATES, {
    error: (iss) => (iss.input === undefined ? 'Required' : 'Choose a US state'),
  }),
);

/** A form's checkbox: true or false (form strings accepted), false when absent (SPEC §5's defaults). */
const flag = z
  .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
  .default(false);
const details = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : (v ?? undefined)),
  z.string({ error: 'Expected text' }).trim().max(2000, 'At most 2000 characters').optional(),
);

/** The three yes/no questions, each with the details its "yes" needs. */
export const BACKGROUND_CHECK_QUESTIONS = [
  {
    flag: 'hasMovingViolations',
    details: 'movingViolationsDetails',
    label: 'I have had moving violations in the past 7 years',
  },
  {
    flag: 'hasAccidents',
    details: 'accidentsDetails',
    label: 'I have been in accidents in the past 7 years',
  },
  { flag: 'hasCriminalHistory', details: 'criminalHistoryDetails', label: 'I have a criminal record' },
] as const;

/** POST /api/background-check: the form (SPEC §3's fields; every one required but the yes/no answers). */
export const backgroundCheckSchema = z
  .object({
    fullName: required(200),
    dateOfBirth,
    ssn,
    currentAddress: required(300),
    city: required(100),
    state,
    zipCode: z
      .string({ error: 'Required' })
      .trim()
      .min(1, 'Required')
      .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code (or ZIP+4)'),
    phoneNumber: phone,
    emergencyContactName: required(200),
    emergencyContactPhone: phone,
    emergencyContactRelationship: required(100),
    drivingExperience: required(1000),
    hasMovingViolations: flag,
    movingViolationsDetails: details,
    hasAccidents: flag,
    accidentsDetails: details,
    hasCriminalHistory: flag,
    criminalHistoryDetails: details,
    consentToBackgroundCheck: flag.refine((v) => v === true, CONSENT_BACKGROUND_MESSAGE),
    consentToRecordCheck: flag.refine((v) => v === true, CONSENT_RECORD_MESSAGE),
  })
  .superRefine(
    (v, ctx) => {
      for (const q of BACKGROUND_CHECK_QUESTIONS) {
        if (v[q.flag] === true && !v[q.details]) {
          ctx.addIssue({ code: 'custom', path: [q.details], message: DETAILS_REQUIRED_MESSAGE });
        }
      }
    },
    // Also when other fields are wrong, so the form shows every missing answer at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  // A "no" keeps no details (a typed answer the driver then unticked is not kept).
  .transform((v) => ({
    ...v,
    movingViolationsDetails: v.hasMovingViolations ? (v.movingViolationsDetails ?? null) : null,
    accidentsDetails: v.hasAccidents ? (v.accidentsDetails ?? null) : null,
    criminalHistoryDetails: v.hasCriminalHistory ? (v.criminalHistoryDetails ?? null) : null,
  }));
export type BackgroundCheckInput = z.input<typeof backgroundCheckSchema>;
export type BackgroundCheckData = z.output<typeof backgroundCheckSchema>;

/** An admin's decision: approve, or reject with a reason the driver reads. */
export const backgroundCheckReviewSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('approved'), rejectionReason: z.string().optional().nullable() }),
    z.object({
      status: z.literal('rejected'),
      rejectionReason: z
        .string({ message: 'Please provide a rejection reason.' })
        .trim()
        .min(1, 'Please provide a rejection reason.')
        .max(2000),
    }),
  ],
  { message: 'status must be approved or rejected' },
);
export type BackgroundCheckReviewInput = z.input<typeof backgroundCheckReviewSchema>;

/** A background check as its driver and admins see it: the SSN never leaves the server, only its last four. */
export interface BackgroundCheckDto {
  id: string;
  userId: string;
  fullName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  ssnLast4: string;
  currentAddress: string;
  city: string;
  state: string;
  zipCode: string;
  phoneNumber: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  emergencyContactRelationship: string;
  drivingExperience: string;
  hasMovingViolations: boolean;
  movingViolationsDetails: string | null;
  hasAccidents: boolean;
  accidentsDetails: string | null;
  hasCriminalHistory: boolean;
  criminalHistoryDetails: string | null;
  consentToBackgroundCheck: boolean;
  consentToRecordCheck: boolean;
  status: BackgroundCheckStatus;
  rejectionReason: string | null;
  /** The last (re)submission. */
  submittedAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/background-check: the caller's check, or null before the first submission. */
export interface MyBackgroundCheckDto {
  check: BackgroundCheckDto | null;
}

/** A pending check in the admins' verification queue, with the account it belongs to. */
export interface PendingBackgroundCheckDto extends BackgroundCheckDto {
  userEmail: string | null;
}

export interface BackgroundCheckEvents {
  /** To `user:<driver>`: an admin approved or rejected the driver's check. */
  'backgroundCheck:reviewed': (payload: { check: BackgroundCheckDto }) => void;
  /** To `role:admin`: a check entered the queue (submitted) or left it (reviewed). */
  'admin:background-checks-changed': (payload: {
    reason: 'submitted' | 'reviewed';
    checkId: string;
    /** The check that entered the queue (on submit). */
    added: PendingBackgroundCheckDto | null;
    /** The number of pending checks after the change. */
    pendingCount: number;
  }) => void;
}
