// Load documents (issue 16): the rate confirmation made when a load is booked and the proof of delivery made when it
// is delivered, both PDFs kept encrypted with the load's files and downloadable by the load's participants only.
import { z } from 'zod';
import type { FreightStatus } from './enums';

export const LOAD_DOCUMENT_KINDS = ['rate_confirmation', 'proof_of_delivery'] as const;
export type LoadDocumentKind = (typeof LOAD_DOCUMENT_KINDS)[number];

export const LOAD_DOCUMENT_TITLES: Record<LoadDocumentKind, string> = {
  rate_confirmation: 'Rate Confirmation',
  proof_of_delivery: 'Proof of Delivery',
};

/** The last segment of each document's download path. */
export const LOAD_DOCUMENT_SLUGS: Record<LoadDocumentKind, string> = {
  rate_confirmation: 'rate-confirmation',
  proof_of_delivery: 'proof-of-delivery',
};

/** GET /api/freight/:id/documents/<slug>.pdf */
export const loadDocumentPath = (freightId: string, kind: LoadDocumentKind) =>
  `/api/freight/${freightId}/documents/${LOAD_DOCUMENT_SLUGS[kind]}.pdf`;

/**
 * The statuses in which a booked load is due each document: the rate confirmation from booking on, the proof of
 * delivery once delivered. A load due one has it to download (made by the worker, or by the download itself).
 */
export const LOAD_DOCUMENTS_DUE_IN: Record<LoadDocumentKind, readonly FreightStatus[]> = {
  rate_confirmation: ['booked', 'in_transit', 'delivered'],
  proof_of_delivery: ['delivered'],
};

export const isLoadDocumentDue = (
  load: { status: string; carrierId?: unknown },
  kind: LoadDocumentKind,
): boolean => load.carrierId != null && LOAD_DOCUMENTS_DUE_IN[kind].includes(load.status as FreightStatus);

/** The documents a load is due in its state, in order. */
export const dueLoadDocuments = (load: { status: string; carrierId?: unknown }): LoadDocumentKind[] =>
  LOAD_DOCUMENT_KINDS.filter((kind) => isLoadDocumentDue(load, kind));

/** A queued request to make a load's document (one BullMQ job per load and kind). */
export const loadDocumentJobSchema = z.object({
  freightId: z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid id'),
  kind: z.enum(LOAD_DOCUMENT_KINDS),
});
export type LoadDocumentJob = z.infer<typeof loadDocumentJobSchema>;

/**
 * One document of a load, as its participants see it. `ready` is false while it is being made (the download then
 * makes it on the spot); `id` is the kind (a load has at most one document of each kind).
 */
export interface LoadDocumentDto {
  id: LoadDocumentKind;
  kind: LoadDocumentKind;
  freightId: string;
  title: string;
  fileName: string;
  url: string;
  ready: boolean;
  /** Bytes of the PDF; null until ready. */
  size: number | null;
  /** 1 for the first issue; a document made again (its stored file lost) counts up. */
  version: number | null;
  /** The agreed rate in dollars the document carries (null until ready, or for a load without a rate). */
  rate: number | null;
  createdAt: string | null;
}

/** GET /api/freight/:id/documents: the documents the load has, or is due to have, in its current state. */
export interface LoadDocumentListDto {
  items: LoadDocumentDto[];
  total: number;
}

/** Server → client, to freight:<id>: a document of the load is ready to download. */
export interface LoadDocumentEvents {
  'freight:document': (payload: { freightId: string; document: LoadDocumentDto }) => void;
}
