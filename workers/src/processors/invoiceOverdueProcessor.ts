import { QUEUES } from '@freight/shared';
import { remindOverdueInvoice, type OverdueReminderJob } from '@freight/server/features/invoices/overdue';
import type { ProcessorDefinition } from './types';

/** An invoice's overdue reminder, a delayed job at its due date (features/invoices/overdue.ts). */
export const invoiceOverdueProcessor: ProcessorDefinition = {
  queue: QUEUES.invoiceOverdue,
  process: (job) => remindOverdueInvoice(job.data as OverdueReminderJob),
};
