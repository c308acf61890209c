import {
  DAYS_TO_PAY_MIN_COUNT,
  DAYS_TO_PAY_WINDOW_DAYS,
  type DaysToPayDto,
  type InvoiceDto,
} from '@freight/shared';
import mongoose, { Schema } from 'mongoose';
import { now } from '../../infra/clock';

const DAY_MS = 86_400_000;

/** The invoices a payer paid on one day (UTC): how many, their days from submission to payment summed, how many on time. */
export interface PaymentDay {
  day: string;
  count: number;
  daysSum: number;
  onTime: number;
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

/** The days kept with one paid invoice added, the days that left the window at `at` dropped. */
export function withPayment(days: PaymentDay[], invoice: InvoiceDto, at: Date): PaymentDay[] {
  const paidAt = Date.parse(invoice.paidAt!);
  const day = invoice.paidAt!.slice(0, 10);
  const daysToPay = (paidAt - Date.parse(invoice.submittedAt)) / DAY_MS;
  const onTime = paidAt <= Date.parse(invoice.dueAt) ? 1 : 0;
  const from = windowStartDay(at);
  const kept = days.filter((d) => d.day >= from && d.day !== day);
  const was = days.find((d) => d.day === day) ?? { day, count: 0, daysSum: 0, onTime: 0 };
  const added = { day, count: was.count + 1, daysSum: was.daysSum + daysToPay, onTime: was.onTime + onTime };
  return [...kept, added].sort((a, b) => a.day.localeCompare(b.day));
}

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
