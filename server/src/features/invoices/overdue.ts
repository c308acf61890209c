import { QUEUES } from '@freight/shared';
import { Types } from 'mongoose';
import { registerProjector } from '../../events/projectors';
import { now } from '../../infra/clock';
import { enqueue } from '../../queues';
import { recordDone, type Fact } from '../../events/record';
import { InvoiceModel, isOverdue, partiesOfInvoice, toInvoiceDto, type Invoice } from './model';

export interface OverdueReminderJob {
  invoiceId: string;
  version: number;
}

/** One reminder per invoice version, however often the fact is handled (BullMQ job ids may not hold ':'). */
export const overdueJobId = (job: OverdueReminderJob) => `invoice-overdue-${job.invoiceId}-v${job.version}`;

/** The names of the invoice deadline queue's two jobs. */
export const OVERDUE_REMINDER = 'remind';
export const QUICK_PAY_DEADLINE = 'quickPayDeadline';

/** A delayed job's delay to `at` (none, if that is past). */
const delayUntil = (at: Date) => Math.max(0, at.getTime() - now().getTime());

/** A delayed job at the invoice's due date (now, if that is past). */
export async function scheduleOverdueReminder(job: OverdueReminderJob, dueAt: Date): Promise<void> {
  await enqueue(QUEUES.invoiceOverdue, OVERDUE_REMINDER, job, {
    jobId: overdueJobId(job),
    delay: delayUntil(dueAt),
  });
}

export type OverdueReminderResult =
  { reminded: true } | { reminded: false; reason: 'missing' | 'not open' | 'not due' };

/**
 * The reminder job: the invoice read again, and if it is still open (not paid, not replaced) and past due, the fact
 * that it is overdue, once per version; the invoices projector reminds the payer and moves both sides' screens.
 */
export async function remindOverdueInvoice(
  job: OverdueReminderJob,
  at = now(),
): Promise<OverdueReminderResult> {
  if (!Types.ObjectId.isValid(job.invoiceId)) return { reminded: false, reason: 'missing' };
  const invoice = await InvoiceModel.findById(job.invoiceId).lean<Invoice>();
  if (!invoice) return { reminded: false, reason: 'missing' };
  if (invoice.status === 'paid' || invoice.status === 'replaced')
    return { reminded: false, reason: 'not open' };
  if (!isOverdue(invoice, at)) return { reminded: false, reason: 'not due' };
  const id = String(invoice._id);
  await recordDone({ kind: 'invoice', id }, [
    {
      name: 'invoice.overdue',
      key: `${id}-v${invoice.version}`,
      by: 'system',
      loadId: String(invoice.loadId),
      subjects: { invoiceId: id },
      data: { invoice: toInvoiceDto(invoice), parties: partiesOfInvoice(invoice) },
    },
  ]);
  return { reminded: true };
}

export interface QuickPayDeadlineJob {
  invoiceId: string;
}

/** One deadline per invoice: quick pay is requested once. */
export const quickPayJobId = (job: QuickPayDeadlineJob) => `invoice-quick-pay-${job.invoiceId}`;

export type QuickPayDeadlineResult =
  { missed: true } | { missed: false; reason: 'missing' | 'not requested' | 'not open' | 'not due' };

/**
 * The quick pay deadline job, at the day the payer promised to pay by: the invoice read again, and if it is still
 * unpaid (not replaced) past that day, the fact that the promise was missed (once per invoice; a late payment names
 * the same fact, so the payer's record counts the miss once whichever comes first).
 */
export async function checkQuickPayDeadline(
  job: QuickPayDeadlineJob,
  at = now(),
): Promise<QuickPayDeadlineResult> {
  if (!Types.ObjectId.isValid(job.invoiceId)) return { missed: false, reason: 'missing' };
  const invoice = await InvoiceModel.findById(job.invoiceId).lean<Invoice>();
  if (!invoice) return { missed: false, reason: 'missing' };
  if (!invoice.quickPay) return { missed: false, reason: 'not requested' };
  if (invoice.status === 'paid' || invoice.status === 'replaced')
    return { missed: false, reason: 'not open' };
  if (invoice.quickPay.dueBy.getTime() >= at.getTime()) return { missed: false, reason: 'not due' };
  await recordDone({ kind: 'invoice', id: String(invoice._id) }, [quickPayMissedFact(invoice)]);
  return { missed: true };
}

/** The miss of an invoice's quick pay promise, as the deadline job or a late payment states it. */
export const quickPayMissedFact = (invoice: Invoice): Fact<'invoice.quickPayMissed'> => ({
  name: 'invoice.quickPayMissed',
  key: `${String(invoice._id)}-quick-pay`,
  by: 'system',
  loadId: String(invoice.loadId),
  subjects: { invoiceId: String(invoice._id) },
  data: { invoice: toInvoiceDto(invoice), parties: partiesOfInvoice(invoice) },
});

/**
 * Each new invoice's overdue reminder (submitted, or submitted as a correction) at its due date, and each quick pay
 * request's deadline at the day promised.
 */
export const invoiceOverdueProjector = registerProjector({
  name: 'invoice-overdue-reminders',
  applicableEvents: ['invoice.submitted', 'invoice.corrected', 'invoice.quickPayRequested'],
  async handle(event) {
    if (event.name === 'invoice.quickPayRequested') {
      const { invoice } = event.data;
      if (!invoice.quickPay) return;
      const job = { invoiceId: invoice.id };
      await enqueue(QUEUES.invoiceOverdue, QUICK_PAY_DEADLINE, job, {
        jobId: quickPayJobId(job),
        delay: delayUntil(new Date(invoice.quickPay.dueBy)),
      });
      return;
    }
    if (event.name !== 'invoice.submitted' && event.name !== 'invoice.corrected') return;
    const { invoice } = event.data;
    await scheduleOverdueReminder(
      { invoiceId: invoice.id, version: invoice.version },
      new Date(invoice.dueAt),
    );
  },
});
