import { QUEUES } from '@freight/shared';
import {
  QUICK_PAY_DEADLINE,
  checkQuickPayDeadline,
  remindOverdueInvoice,
  type OverdueReminderJob,
  type QuickPayDeadlineJob,
} from '@freight/server/features/invoices/overdue';
import type { ProcessorDefinition } from './types';

/**
 * An invoice's deadlines, delayed jobs (features/invoices/overdue.ts): the overdue reminder at its due date, and the
 * quick pay deadline at the day the payer promised to pay by.
 */
export const invoiceOverdueProcessor: ProcessorDefinition = {
  queue: QUEUES.invoiceOverdue,
  process: (job) =>
    job.name === QUICK_PAY_DEADLINE
      ? checkQuickPayDeadline(job.data as QuickPayDeadlineJob)
      : remindOverdueInvoice(job.data as OverdueReminderJob),
};
