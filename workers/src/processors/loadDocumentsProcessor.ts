import { QUEUES, loadDocumentJobSchema } from '@freight/shared';
import { ensureLoadDocument } from '@freight/server/features/loadDocuments/service';
import type { ProcessorDefinition } from './types';

/**
 * Makes a load's rate confirmation (asked for at booking) or proof of delivery (at delivery). Idempotent: a load
 * that has the document already, or is not due it, is left as it is.
 */
export const loadDocumentsProcessor: ProcessorDefinition = {
  queue: QUEUES.loadDocuments,
  concurrency: 2,
  async process(job) {
    const { freightId, kind } = loadDocumentJobSchema.parse(job.data);
    const doc = await ensureLoadDocument(freightId, kind);
    return { stored: doc ? String(doc._id) : null };
  },
};
