import { QUEUES, formatUsd, rooms } from '@freight/shared';
import { Types } from 'mongoose';
import { registerProjector } from '../../events/projectors';
import { now } from '../../infra/clock';
import { enqueue } from '../../queues';
import { publish } from '../../realtime/publish';
import { notify } from '../notifications/service';
import { InvoiceModel, isOverdue, type Invoice } from './model';
import { sideMembers } from './projector';

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
  { reminded: true; notified: number } | { reminded: false; reason: 'missing' | 'not open' | 'not due' };

/**
 * The reminder job: the invoice read again, and if it is still open (not paid, not replaced) and past due, the
 * payer's money roles are told, and both sides' screens read it again (the DTO's `overdue` flag turns on by itself).
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
  const [issuer, payer] = await Promise.all([
    sideMembers(invoice.companyId ? String(invoice.companyId) : null, String(invoice.issuerUserId)),
    sideMembers(invoice.payerCompanyId ? String(invoice.payerCompanyId) : null, String(invoice.payerUserId)),
  ]);
  const id = String(invoice._id);
  publish(
    'invoice:changed',
    [...issuer, ...payer].map((m) => rooms.user(m.id)),
    { id, status: invoice.status, version: invoice.version, loadId: String(invoice.loadId) },
  );
  const carrier = invoice.issuer.company || invoice.issuer.name;
  const money = payer.filter((m) => m.money);
  for (const member of money) {
    await notify({
      userId: member.id,
      kind: 'invoice',
      title: `Invoice ${invoice.number} is overdue`,
      body: `${invoice.number} from ${carrier} is overdue: ${formatUsd(invoice.totalCents / 100)} due ${invoice.dueAt.toISOString().slice(0, 10)}.`,
      link: `/invoices?tab=received&invoice=${id}`,
      dedupeKey: `${overdueJobId(job)}-${member.id}`,
    });
  }
  return { reminded: true, notified: money.length };
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
