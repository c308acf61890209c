import {
  LOAD_DOCUMENT_KINDS,
  LOAD_DOCUMENT_SLUGS,
  LOAD_DOCUMENT_TITLES,
  loadDocumentPath,
  type LoadDocumentDto,
  type LoadDocumentKind,
} from '@freight/shared';
import mongoose, { Schema, Types, type InferSchemaType } from 'mongoose';
import { centsToDollars } from '../freight/model';

/**
 * A load's document (issue 16): its rate confirmation or its proof of delivery, one per load and kind. The PDF lives
 * encrypted in the file store under `storageKey` (DESIGN §3); the record keeps what the document was made from.
 */
const loadDocumentSchema = new Schema(
  {
    freightListingId: { type: Schema.Types.ObjectId, ref: 'FreightListing', required: true },
    kind: { type: String, enum: LOAD_DOCUMENT_KINDS, required: true },
    storageKey: { type: String, required: true },
    size: { type: Number, required: true },
    /** The agreed rate the document carries (integer cents), null for a load without one. */
    rateCents: { type: Number, default: null },
    version: { type: Number, default: 1 },
    /** When the assignment it names was made (issue 29): a rate confirmation is made again for a new one. */
    assignedAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
// At most one of each kind per load (the second guard beside the lease); the list reads a load's by equality.
loadDocumentSchema.index({ freightListingId: 1, kind: 1 }, { unique: true });

export type LoadDocument = InferSchemaType<typeof loadDocumentSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
};
export const LoadDocumentModel = mongoose.model('LoadDocument', loadDocumentSchema);

/** A load's short reference for people, as the tracking page shows it: '#6B02EE'. */
export const loadReference = (id: unknown) => `#${String(id).slice(-6).toUpperCase()}`;

/** The name a download is saved under: 'rate-confirmation-6B02EE.pdf'. */
export const loadDocumentFileName = (freightId: string, kind: LoadDocumentKind) =>
  `${LOAD_DOCUMENT_SLUGS[kind]}-${freightId.slice(-6).toUpperCase()}.pdf`;

/** The DTO of a stored document, or of one the load is due to have that is still being made (`doc` null). */
export function toLoadDocumentDto(
  freightId: string,
  kind: LoadDocumentKind,
  doc: LoadDocument | null,
): LoadDocumentDto {
  return {
    id: kind,
    kind,
    freightId,
    title: LOAD_DOCUMENT_TITLES[kind],
    fileName: loadDocumentFileName(freightId, kind),
    url: loadDocumentPath(freightId, kind),
    ready: doc !== null,
    size: doc?.size ?? null,
    version: doc?.version ?? null,
    rate: doc ? centsToDollars(doc.rateCents) : null,
    createdAt: doc ? doc.createdAt.toISOString() : null,
  };
}
