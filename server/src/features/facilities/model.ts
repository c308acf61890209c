import { FACILITY_SCORECARD_WINDOW_DAYS, type DwellVisit } from '@freight/shared';
import mongoose, { Schema } from 'mongoose';

const DAY_MS = 86_400_000;

/** The visits that left a facility on one day (UTC): each one's dwell in whole minutes and whether it was detained. */
export interface DwellDay {
  day: string;
  visits: { m: number; d: boolean }[];
}

/**
 * A facility's visits over the last FACILITY_SCORECARD_WINDOW_DAYS days (`facility_dwell_summaries`, one document per
 * facility, `_id` its key from issue 39's dock pins), kept by the facility dwell projector from `stop.departed`. The
 * load page and the facility page read it by one `_id` equality and take the days still in the window, so the figures
 * move with the calendar without a rescan, however many positions and visits others have. `lastSeq`: the last fact
 * applied (a fact handed over again counts once).
 */
const dwellDaySchema = new Schema<DwellDay>(
  {
    day: { type: String, required: true },
    visits: { type: [{ _id: false, m: Number, d: Boolean }], default: [] },
  },
  { _id: false },
);

const facilityDwellSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** The facility as the last load that visited it named it. */
    facilityName: { type: String, required: true },
    days: { type: [dwellDaySchema], default: [] },
    lastSeq: { type: Number, default: 0 },
  },
  { timestamps: false, versionKey: false },
);

export interface FacilityDwell {
  _id: string;
  facilityName: string;
  days: DwellDay[];
  lastSeq: number;
}

export const FacilityDwellModel = mongoose.model(
  'FacilityDwell',
  facilityDwellSchema,
  'facility_dwell_summaries',
);

export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The first day still in the window at `at`: that day and the FACILITY_SCORECARD_WINDOW_DAYS - 1 after it. */
export const windowStartDay = (at: Date) =>
  dayOf(new Date(at.getTime() - (FACILITY_SCORECARD_WINDOW_DAYS - 1) * DAY_MS));

/** The days kept with one visit added to `day`, the days that left the window at `at` dropped. */
export function withVisit(days: DwellDay[], day: string, visit: DwellVisit, at: Date): DwellDay[] {
  const from = windowStartDay(at);
  const kept = days.filter((d) => d.day >= from && d.day !== day);
  const was = days.find((d) => d.day === day)?.visits ?? [];
  const added = { day, visits: [...was, { m: Math.round(visit.dwellMinutes), d: visit.detained }] };
  return [...kept, added].sort((a, b) => a.day.localeCompare(b.day));
}

/** The visits of the days in the window at `at`. */
export function visitsInWindow(days: DwellDay[], at: Date): DwellVisit[] {
  const from = windowStartDay(at);
  return days
    .filter((d) => d.day >= from)
    .flatMap((d) => d.visits.map((v) => ({ dwellMinutes: v.m, detained: v.d })));
}
