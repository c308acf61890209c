import { QUEUES } from '@freight/shared';
import { runDocumentExpiry } from '@freight/server/features/documents/expiry';
import type { ProcessorDefinition } from './types';

/** The clock of a run: `now` in the job's data (ISO string or epoch ms) when given (tests, replays), else the time. */
export function jobClock(data: unknown): Date {
  const raw = (data as { now?: unknown } | null)?.now;
  if (raw === undefined || raw === null || raw === '') return new Date();
  const now = new Date(raw as string | number);
  if (Number.isNaN(now.getTime())) throw new Error(`invalid "now" in job data: ${String(raw)}`);
  return now;
}

/**
 * Document expiry and renewals: reminders 30, 7 and 1 days before a document's expiration date (each once), then
 * documents past their date become expired and their owners' verification is recomputed. Runs daily just after
 * midnight UTC, when the previous day's documents have lapsed; `npm run jobs -- document-expiry` runs it now.
 */
export const documentExpiryProcessor: ProcessorDefinition = {
  queue: QUEUES.documentExpiry,
  async process(job) {
    return runDocumentExpiry(jobClock(job.data));
  },
  schedule: [{ name: 'document-expiry-daily', pattern: '5 0 * * *' }],
};
