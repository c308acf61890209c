import { STORAGE_QUOTA_BYTES } from '@freight/shared';
import type { RequestHandler } from 'express';
import { Types } from 'mongoose';
import { AppError, unauthorized } from '../http/errors';
import { DocumentModel } from './documents/model';
import { ShipmentPhotoModel } from './shipmentWorkspace/model';
import { FreightPhotoModel } from './tracking/model';

/**
 * Shared by the three features that store a user's files (documents, load photos, shipment photos), so none of them
 * imports another for it.
 *
 * A per-user storage quota (issue 12): a user's compliance documents and load photos together may take at most
 * STORAGE_QUOTA_BYTES in the file store. Checked before an upload is read (already full) and, authoritatively,
 * under the user's lease right before the record is written (this file would go over).
 */
const KB = 1024;
const MB = 1024 * KB;
const inMb = (bytes: number) =>
  bytes < MB ? `${Math.max(1, Math.ceil(bytes / KB))} KB` : `${Math.round((bytes / MB) * 10) / 10} MB`;

/** Bytes stored for this user (documents and photos they uploaded). */
export async function storageUsed(userId: string | Types.ObjectId): Promise<number> {
  const id = new Types.ObjectId(String(userId));
  const [docs, photos, shipmentPhotos] = await Promise.all([
    DocumentModel.find({ userId: id }, { fileSize: 1 }).lean(),
    FreightPhotoModel.find({ userId: id }, { fileSize: 1 }).lean(),
    ShipmentPhotoModel.find({ userId: id }, { fileSize: 1 }).lean(),
  ]);
  return [...docs, ...photos, ...shipmentPhotos].reduce((sum, f) => sum + (f.fileSize ?? 0), 0);
}

function quotaError(used: number, adding: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    adding > 0
      ? `Storage limit reached: your files use ${inMb(used)} of ${inMb(STORAGE_QUOTA_BYTES)}, and this file (${inMb(adding)}) would go over it.`
      : `Storage limit reached: your files use ${inMb(used)} of ${inMb(STORAGE_QUOTA_BYTES)}.`,
  );
}

/** Throws 413 when `adding` more bytes would take the user past the quota (run under the user's lease). */
export async function assertStorageLeft(userId: string | Types.ObjectId, adding: number): Promise<void> {
  const used = await storageUsed(userId);
  if (used + adding > STORAGE_QUOTA_BYTES) throw quotaError(used, adding);
}

/** Before the body is read: a user whose storage is already full gets 413 without uploading anything. */
export const storageQuotaGuard: RequestHandler = async (req, _res, next) => {
  if (!req.user) return next(unauthorized());
  const used = await storageUsed(req.user._id);
  if (used >= STORAGE_QUOTA_BYTES) return next(quotaError(used, 0));
  next();
};
