import { QUEUES, loadDocumentJobSchema, type LoadDocumentKind } from '@freight/shared';
import { enqueue } from '../../queues';

/** The BullMQ job id of a load's document: one job per load and kind, however often it is asked for. */
export const loadDocumentJobId = (freightId: string, kind: LoadDocumentKind) =>
  `load-doc-${freightId}-${kind}`;

/**
 * Asks the worker to make a load's document (called by the booking's and the delivery's announcements). It never
 * fails the caller: a job that cannot be queued is made on the spot by the first download (service.ts).
 */
export async function requestLoadDocument(freightId: string, kind: LoadDocumentKind): Promise<void> {
  const data = loadDocumentJobSchema.parse({ freightId, kind });
  try {
    await enqueue(QUEUES.loadDocuments, kind, data, { jobId: loadDocumentJobId(freightId, kind) });
  } catch (err) {
    console.error(`Queueing the ${kind} of load ${freightId} failed (the download will make it)`, err);
  }
}
