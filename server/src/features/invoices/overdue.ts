import { QUEUES } from '@freight/shared';
import { Types } from 'mongoose';
import { registerProjector } from '../../events/projectors';
import { now } from '../../infra/clock';
import { enqueue } from '../../queues';
import { recordDone } from '../../events/record';
import { InvoiceModel, isOverdue, partiesOfInvoice, toInvoiceDto, type Invoice } from './model';

export interface OverdueReminderJob {
  invoiceId: string;
  version: number;
}

/** One reminder per invoice version, however often the fact is handled (BullMQ job ids may not hold ':'). */
export const overdueJobId = (job: OverdueReminderJob) => `invoice-overdue-${job.invoiceId}-v${job.version}`;

/** A delayed job at the invoice's due date (now, if that is past). */
export async function scheduleOverdueReminder(job: OverdueReminderJob, dueAt: Date): Promise<void> {
  const delay = Math.max(0, dueAt.getTime() - now().getTime());
  await enqueue(QUEUES.invoiceOverdue, 'remind', job, { jobId: overdueJobId(job), delay });
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

/** Schedules each new invoice's reminder (submitted, or submitted as a correction) at its due date. */
export const invoiceOverdueProjector = registerProjector({
  name: 'invoice-overdue-reminders',
  applicableEvents: ['invoice.submitted', 'invoice.corrected'],
  async handle(event) {
    if (event.name !== 'invoice.submitted' && event.name !== 'invoice.corrected') return;
    const { invoice } = event.data;
    await scheduleOverdueReminder(
      { invoiceId: invoice.id, version: invoice.version },
      new Date(invoice.dueAt),
    );
  },
});
