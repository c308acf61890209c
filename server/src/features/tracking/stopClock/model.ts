import { STOP_VISIT_SOURCES, type StopVisitSource } from '@freight/shared';
import mongoose, { Schema, type Types } from 'mongoose';

/** One stop's visit: its arrival and departure as recorded (each once), and the free-time warning. */
const stopVisitSchema = new Schema(
  {
    /** The stop's place in the trip: 1 for the first pickup, the stop count for the last delivery. */
    sequence: { type: Number, required: true },
    arrivedAt: { type: Date, default: null },
    arrivalSource: { type: String, enum: [...STOP_VISIT_SOURCES, null], default: null },
    departedAt: { type: Date, default: null },
    departureSource: { type: String, enum: [...STOP_VISIT_SOURCES, null], default: null },
    warnedAt: { type: Date, default: null },
  },
  { _id: false },
);

/**
 * The clock at a load's stops (issue 41, slice 2): one small document per load (its `_id` is the load's), read by
 * `_id` on the ping path and written only on a transition (an arrival, a departure, a warning), under the load's
 * lease; never the load's own document (DESIGN §2.1b). The log's facts are the record; this is what the ping path
 * and the tracking page read. `transitions` lists what was written (`<sequence>-arrived`, `-departed`, `-warned`):
 * the proof a fact left pending by a crash is settled with.
 */
const loadStopClockSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    visits: { type: [stopVisitSchema], default: [] },
    transitions: { type: [String], default: [] },
  },
  { versionKey: false, collection: 'load_stop_clocks' },
);
export interface StoredStopVisit {
  sequence: number;
  arrivedAt: Date | null;
  arrivalSource: StopVisitSource | null;
  departedAt: Date | null;
  departureSource: StopVisitSource | null;
  warnedAt: Date | null;
}
export interface LoadStopClock {
  _id: Types.ObjectId;
  visits: StoredStopVisit[];
  transitions: string[];
}
export const LoadStopClockModel = mongoose.model('LoadStopClock', loadStopClockSchema);

/** What proves a transition was written (see `transitions`). */
export const transitionMark = (sequence: number, what: 'arrived' | 'departed' | 'warned') =>
  `${sequence}-${what}`;
