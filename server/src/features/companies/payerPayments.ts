import {
  DAYS_TO_PAY_MIN_COUNT,
  DAYS_TO_PAY_WINDOW_DAYS,
  type DaysToPayDto,
  type InvoiceDto,
  type QuickPayRecordDto,
} from '@freight/shared';
import mongoose, { Schema } from 'mongoose';
import { now } from '../../infra/clock';

const DAY_MS = 86_400_000;

/**
 * The invoices a payer paid on one day (UTC): how many, their days from submission to payment summed, how many on
 * time; and the quick pay promises it kept that day (paid by the day promised) and missed (the day promised passed
 * unpaid). Days written before quick pay was counted lack the last two.
 */
export interface PaymentDay {
  day: string;
  count: number;
  daysSum: number;
  onTime: number;
  quickPayKept?: number;
  quickPayMissed?: number;
}

/**
 * What a payer paid, day by day, over the last DAYS_TO_PAY_WINDOW_DAYS days (`payer_payment_summaries`, one document
 * per payer party, `_id` its company's id or the person's without one), kept by the days-to-pay projector from
 * `invoice.paid`. A profile or a load card reads it by one `_id` equality and sums the days still in the window, so
 * the figure moves with the calendar without a rescan and stays one small read however many invoices others have
 * (docs/invoices.md). `lastSeq` is the last fact applied, so a fact handed over again is counted once.
 */
const paymentDaySchema = new Schema<PaymentDay>(
  {
    day: { type: String, required: true },
    count: { type: Number, required: true },
    daysSum: { type: Number, required: true },
    onTime: { type: Number, required: true },
    quickPayKept: { type: Number, default: 0 },
    quickPayMissed: { type: Number, default: 0 },
  },
  { _id: false },
);

const payerPaymentsSchema = new Schema(
  {
    _id: { type: String, required: true },
    days: { type: [paymentDaySchema], default: [] },
    lastSeq: { type: Number, default: 0 },
  },
  { timestamps: false, versionKey: false },
);

export interface PayerPayments {
  _id: string;
  days: PaymentDay[];
  lastSeq: number;
}

export const PayerPaymentsModel = mongoose.model(
  'PayerPayments',
  payerPaymentsSchema,
  'payer_payment_summaries',
);

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The first day still in the window at `at`: the window is that day and the DAYS_TO_PAY_WINDOW_DAYS - 1 after it. */
export const windowStartDay = (at: Date) =>
  dayOf(new Date(at.getTime() - (DAYS_TO_PAY_WINDOW_DAYS - 1) * DAY_MS));

/** The payer's party on an invoice: its company, or the poster without one. */
export const payerPartyOf = (invoice: Pick<InvoiceDto, 'payerCompanyId'>, payerUserId: string) =>
  invoice.payerCompanyId ?? payerUserId;

/** The days kept with `change` added to `day`'s counts, the days that left the window at `at` dropped. */
function withDay(
  days: PaymentDay[],
  day: string,
  at: Date,
  change: Partial<Omit<PaymentDay, 'day'>>,
): PaymentDay[] {
  const from = windowStartDay(at);
  const kept = days.filter((d) => d.day >= from && d.day !== day);
  const was = days.find((d) => d.day === day) ?? { day, count: 0, daysSum: 0, onTime: 0 };
  const added: PaymentDay = { ...was };
  for (const [key, by] of Object.entries(change) as Array<[keyof typeof change, number]>)
    added[key] = (was[key] ?? 0) + by;
  return [...kept, added].sort((a, b) => a.day.localeCompare(b.day));
}

/** One paid invoice added to its day (a quick pay paid by the day promised is a promise kept). */
export function withPayment(days: PaymentDay[], invoice: InvoiceDto, at: Date): PaymentDay[] {
  const paidAt = Date.parse(invoice.paidAt!);
  return withDay(days, invoice.paidAt!.slice(0, 10), at, {
    count: 1,
    daysSum: (paidAt - Date.parse(invoice.submittedAt)) / DAY_MS,
    onTime: paidAt <= Date.parse(invoice.dueAt) ? 1 : 0,
    ...(invoice.quickPay?.missed === false && { quickPayKept: 1 }),
  });
}

/** A quick pay promise missed, on the day it was due by (counted once, when the day passed unpaid). */
export const withQuickPayMissed = (days: PaymentDay[], invoice: InvoiceDto, at: Date): PaymentDay[] =>
  withDay(days, invoice.quickPay!.dueBy.slice(0, 10), at, { quickPayMissed: 1 });

/** The figure over the days in the window at `at`; null below DAYS_TO_PAY_MIN_COUNT paid invoices. */
export function daysToPayFigure(days: PaymentDay[], at: Date): DaysToPayDto | null {
  const from = windowStartDay(at);
  let count = 0;
  let daysSum = 0;
  let onTime = 0;
  for (const d of days) {
    if (d.day < from) continue;
    count += d.count;
    daysSum += d.daysSum;
    onTime += d.onTime;
  }
  if (count < DAYS_TO_PAY_MIN_COUNT) return null;
  return { averageDays: Math.round((daysSum / count) * 10) / 10, onTimeShare: onTime / count, count };
}

/** The quick pay promises in the window at `at`: null when none came due. */
export function quickPayRecordFigure(days: PaymentDay[], at: Date): QuickPayRecordDto | null {
  const from = windowStartDay(at);
  let kept = 0;
  let missed = 0;
  for (const d of days) {
    if (d.day < from) continue;
    kept += d.quickPayKept ?? 0;
    missed += d.quickPayMissed ?? 0;
  }
  return kept + missed > 0 ? { promises: kept + missed, missed } : null;
}

export async function payerPaymentsOf(partyId: string): Promise<PayerPayments> {
  return (
    (await PayerPaymentsModel.findById(partyId).lean<PayerPayments>()) ?? {
      _id: partyId,
      days: [],
      lastSeq: 0,
    }
  );
}

/** A payer party's days-to-pay now (one `_id` equality). */
export async function daysToPayOf(partyId: string): Promise<DaysToPayDto | null> {
  return daysToPayFigure((await payerPaymentsOf(partyId)).days, now());
}

/** A payer party's record as a payer now, from the same one read: days-to-pay and its quick pay promises. */
export async function payerRecordOf(
  partyId: string,
): Promise<{ daysToPay: DaysToPayDto | null; quickPayRecord: QuickPayRecordDto | null }> {
  const { days } = await payerPaymentsOf(partyId);
  const at = now();
  return { daysToPay: daysToPayFigure(days, at), quickPayRecord: quickPayRecordFigure(days, at) };
}
