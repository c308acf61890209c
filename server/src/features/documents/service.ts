import {
  documentTypesFor,
  type DocumentDto,
  type documentReviewSchema,
  type documentUploadSchema,
  type Page,
  type PendingDocumentDto,
  type ReviewStatsDto,
  type UserType,
  type VerificationStatusDto,
} from '@freight/shared';
import { Types } from 'mongoose';
import type { z } from 'zod';
import type { Readable } from 'node:stream';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { findByIds, paginate } from '../../http/paginate';
import type { PageQuery } from '../../http/validate';
import {
  cleanImage,
  fileStore,
  isImage,
  sniffFile,
  storedFileName,
  type SniffedType,
  type UploadedFile,
} from '../../infra/storage';
import { authorize, type Actor } from '../../policies';
import { UserModel } from '../users/model';
import {
  daysBack,
  DocumentModel,
  downloadUrl,
  toDocumentDto,
  utcDay,
  type ComplianceDocument,
} from './model';
import { withAggregate, withAggregates } from '../../infra/concurrency';
import { computeVerification, recomputeVerification } from './verification';
import { assertStorageLeft } from '../storageQuota';
import { recordFact } from '../../events/record';
import { mine } from '../companies/mine';
import { COMPLIANCE_READERS, hasRole } from '../../policies/companies';

/**
 * The name to keep and send back on download (see storedFileName): the base name, ending in the detected type's
 * extension.
 */
export const cleanFileName = (raw: string, type: SniffedType): string =>
  storedFileName(raw, type, 'document');

function assertTypeAllowed(userType: string, documentType: string): void {
  const allowed = documentTypesFor(userType as UserType);
  if (allowed.includes(documentType)) return;
  throw badRequest(
    allowed.length
      ? `documentType: must be one of ${allowed.join(', ')}`
      : 'documentType: your account type has no documents to upload',
  );
}

/**
 * Call 20. Everything is checked before anything is stored (type of account, fields, the file's real type by its
 * first bytes), so a refused upload leaves neither a file nor a record; a record that cannot be written takes its
 * file with it.
 */
export async function uploadDocument(
  actor: Actor,
  file: UploadedFile | undefined,
  fields: z.output<typeof documentUploadSchema>,
): Promise<DocumentDto> {
  authorize(actor, 'document:upload', undefined, {
    message: "Only the company's owner and admins upload its documents",
  });
  const user = await UserModel.findById(actor.id, { userType: 1, companyName: 1 }).lean();
  if (!user?.userType) throw badRequest('Please complete your account setup first.');
  if (!file) throw badRequest('file: Please select a file and document type.');
  assertTypeAllowed(user.userType, fields.documentType);
  if (file.size === 0) throw badRequest('file: the file is empty');
  const sniffed = await sniffFile(file.path);
  if (!sniffed) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only PDF, JPEG or PNG files are accepted');
  }
  if (isImage(sniffed)) await cleanImage(file, sniffed, 'file');
  await assertStorageLeft(user._id, file.size); // early answer; checked again under the lease

  const store = fileStore();
  const storageKey = await store.saveFile(file.path);
  let doc: ComplianceDocument;
  try {
    // Under the owner's lease: the account type the document must fit is the stored one, not the one the request
    // started with (a change of type in flight waits, or has landed and is checked here).
    doc = await withAggregate('user', user._id, async () => {
      const owner = await UserModel.findById(user._id, { userType: 1, companyName: 1 }).lean();
      if (!owner?.userType) throw badRequest('Please complete your account setup first.');
      assertTypeAllowed(owner.userType, fields.documentType);
      await assertStorageLeft(user._id, file.size);
      const draft = {
        _id: new Types.ObjectId(),
        userId: user._id,
        documentType: fields.documentType,
        fileName: cleanFileName(file.originalname ?? '', sniffed),
        storageKey,
        fileSize: file.size,
        mimeType: sniffed.mime,
        status: 'pending' as const,
        expirationDate: fields.expirationDate,
        uploadedAt: new Date(),
      };
      const snapshot = draft as unknown as ComplianceDocument;
      const id = String(draft._id);
      const created = await recordFact(
        { kind: 'user', id: String(user._id) },
        {
          name: 'document.uploaded',
          key: id,
          by: actor,
          subjects: { documentId: id, userId: String(user._id) },
          data: { document: toDocumentDto(snapshot), queued: toPendingDto(snapshot, owner) },
          proof: { collection: DocumentModel.collection.collectionName, filter: { _id: draft._id } },
        },
        () => DocumentModel.create(draft),
      );
      return (created as InstanceType<typeof DocumentModel>).toObject() as ComplianceDocument;
    });
  } catch (err) {
    await store.remove(storageKey).catch(() => undefined);
    throw err;
  }

  return toDocumentDto(doc);
}

/**
 * A driver's compliance document (issue 29: CDL, medical card), stored as every compliance document is, so the
 * review queue, the expiry reminders and the expiry job treat it alike. The caller has checked who may upload it;
 * `alsoWrite` runs inside the same write, under the driver's lease (the fleet keeps which document is current).
 */
export async function storeDriverDocument(
  actor: Actor,
  file: UploadedFile | undefined,
  documentType: string,
  expirationDate: Date,
  alsoWrite: (doc: ComplianceDocument) => Promise<void>,
): Promise<DocumentDto> {
  if (!file) throw badRequest('file: attach a scan or photo of the document (PDF, JPEG or PNG)');
  if (file.size === 0) throw badRequest('file: the file is empty');
  const sniffed = await sniffFile(file.path);
  if (!sniffed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only PDF, JPEG or PNG files are accepted');
  if (isImage(sniffed)) await cleanImage(file, sniffed, 'file');
  const ownerId = new Types.ObjectId(actor.id);
  await assertStorageLeft(ownerId, file.size);
  const store = fileStore();
  const storageKey = await store.saveFile(file.path);
  try {
    const doc = await withAggregate('user', actor.id, async () => {
      const owner = await UserModel.findById(ownerId, { userType: 1, companyName: 1 }).lean();
      if (!owner) throw notFound('Account not found');
      const draft = {
        _id: new Types.ObjectId(),
        userId: ownerId,
        documentType,
        fileName: cleanFileName(file.originalname ?? '', sniffed),
        storageKey,
        fileSize: file.size,
        mimeType: sniffed.mime,
        status: 'pending' as const,
        expirationDate,
        uploadedAt: new Date(),
      };
      const snapshot = draft as unknown as ComplianceDocument;
      const id = String(draft._id);
      await recordFact(
        { kind: 'user', id: actor.id },
        {
          name: 'document.uploaded',
          key: id,
          by: actor,
          subjects: { documentId: id, userId: actor.id },
          data: { document: toDocumentDto(snapshot), queued: toPendingDto(snapshot, owner) },
          proof: { collection: DocumentModel.collection.collectionName, filter: { _id: draft._id } },
        },
        async () => {
          const created = await DocumentModel.create(draft);
          await alsoWrite(snapshot);
          return created;
        },
      );
      return snapshot;
    });
    return toDocumentDto(doc);
  } catch (err) {
    await store.remove(storageKey).catch(() => undefined);
    throw err;
  }
}

/**
 * Call 21: the caller's company's documents (issue 28: to those who may read them; anyone else, their own uploads),
 * newest first.
 */
export async function listDocuments(actor: Actor, { page, pageSize }: PageQuery): Promise<Page<DocumentDto>> {
  const found = await paginate<ComplianceDocument>(
    DocumentModel,
    hasRole(actor, COMPLIANCE_READERS)
      ? mine(actor, 'userId', 'companyId')
      : { userId: new Types.ObjectId(actor.id) },
    { uploadedAt: -1, _id: -1 },
    { page, pageSize },
  );
  return { ...found, items: found.items.map(toDocumentDto) };
}

async function findDocument(id: string): Promise<ComplianceDocument | null> {
  if (!Types.ObjectId.isValid(id)) return null;
  return DocumentModel.findById(id).lean<ComplianceDocument>();
}

/** Call 22: the decrypted file, to its owner or an admin; anyone else learns nothing (404). */
export async function openDocumentFile(
  actor: Actor,
  id: string,
): Promise<{ document: DocumentDto; stream: Readable }> {
  const doc = await findDocument(id);
  if (!doc) throw notFound('Document not found');
  authorize(actor, 'document:read', doc, { hide: true, message: 'Document not found' });
  const stream = await fileStore().open(doc.storageKey);
  return { document: toDocumentDto(doc), stream };
}

type QueueOwner = { _id: unknown; userType?: string | null; companyName?: string | null };

function toPendingDto(doc: ComplianceDocument, owner: QueueOwner | undefined): PendingDocumentDto {
  const id = String(doc._id);
  return {
    id,
    userId: String(doc.userId),
    userType: (owner?.userType as UserType | null | undefined) ?? null,
    userCompanyName: owner?.companyName ?? null,
    documentType: doc.documentType,
    fileName: doc.fileName,
    mimeType: doc.mimeType,
    fileSize: doc.fileSize,
    uploadedAt: doc.uploadedAt.toISOString(),
    expirationDate: doc.expirationDate ? doc.expirationDate.toISOString() : null,
    downloadUrl: downloadUrl(id),
  };
}

/** Call 23: the verification queue, oldest first (first in, first reviewed), with each owner's type and company. */
export async function listPendingDocuments(
  actor: Actor,
  { page, pageSize }: PageQuery,
): Promise<Page<PendingDocumentDto>> {
  authorize(actor, 'document:queue', undefined, { message: 'Admin access required to view this page.' });
  // status: 'pending' is the equality that reaches the storage: the queue reads pending documents only.
  const { items: docs, total } = await paginate<ComplianceDocument>(
    DocumentModel,
    { status: 'pending' },
    { uploadedAt: 1, _id: 1 },
    { page, pageSize },
  );
  // No $lookup (DESIGN §2): a second query for the owners.
  const owners = await findByIds<QueueOwner>(
    UserModel,
    docs.map((d) => d.userId),
    { userType: 1, companyName: 1 },
  );
  const byId = new Map(owners.map((o) => [String(o._id), o]));
  return { items: docs.map((d) => toPendingDto(d, byId.get(String(d.userId)))), page, pageSize, total };
}

/** The admin summary cards: today's decisions and the mean time to a decision over 30 days. */
export async function getReviewStats(actor: Actor, now = new Date()): Promise<ReviewStatsDto> {
  authorize(actor, 'document:queue', undefined, { message: 'Admin access required to view this page.' });
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  type Reviewed = Pick<ComplianceDocument, 'status' | 'uploadedAt' | 'reviewedAt' | 'rejectionReason'>;
  const byDay = await Promise.all(
    daysBack(now, 30).map((reviewedDay) =>
      DocumentModel.find(
        { reviewedDay },
        { status: 1, uploadedAt: 1, reviewedAt: 1, rejectionReason: 1 },
      ).lean<Reviewed[]>(),
    ),
  );
  const reviewed = byDay.flat().filter((d) => d.reviewedAt && d.reviewedAt >= since);
  let approvedToday = 0;
  let rejectedToday = 0;
  let totalMinutes = 0;
  for (const d of reviewed) {
    const at = d.reviewedAt!;
    if (at >= startOfDay) {
      // An approved document that later expired still counts as approved that day.
      if (d.status === 'rejected') rejectedToday++;
      else if (d.rejectionReason == null) approvedToday++;
    }
    totalMinutes += (at.getTime() - d.uploadedAt.getTime()) / 60_000;
  }
  return {
    approvedToday,
    rejectedToday,
    avgReviewMinutes: reviewed.length ? Math.round(totalMinutes / reviewed.length) : null,
  };
}

/**
 * Call 24. Only a pending document can be reviewed. The document and its owner are changed under both their leases
 * (one call): of two admins reviewing at once, or a review against the expiry job, exactly one finds it pending (the
 * other gets 409), and the owner's verification is recomputed before anyone else can change either. The document is
 * written first: a crash before the recompute leaves a stale flag that the next expiry run repairs (repairVerification).
 */
export async function reviewDocument(
  actor: Actor,
  id: string,
  decision: z.output<typeof documentReviewSchema>,
): Promise<DocumentDto> {
  authorize(actor, 'document:review', undefined, { message: 'Admin access required to view this page.' });
  if (!Types.ObjectId.isValid(id)) throw notFound('Document not found');
  const alreadyReviewed = (status: string) =>
    conflict(`This document is already ${status}; only pending documents can be reviewed`);
  const existing = await DocumentModel.findById(id, { status: 1, userId: 1 }).lean();
  if (!existing) throw notFound('Document not found');
  if (existing.status !== 'pending') throw alreadyReviewed(existing.status);
  const ownerId = String(existing.userId);
  const reviewed = await withAggregates(
    [
      { kind: 'document', id },
      { kind: 'user', id: ownerId },
    ],
    async () => {
      const current = await DocumentModel.findById(id).lean<ComplianceDocument>();
      if (current?.status !== 'pending') throw alreadyReviewed(current?.status ?? 'reviewed');
      const now = new Date();
      const change = {
        status: decision.status,
        reviewedAt: now,
        reviewedDay: utcDay(now),
        reviewedBy: new Types.ObjectId(actor.id),
        rejectionReason: decision.status === 'rejected' ? decision.rejectionReason : null,
      };
      const updated = await recordFact(
        { kind: 'document', id },
        {
          name: 'document.reviewed',
          key: id,
          by: actor,
          subjects: { documentId: id, userId: ownerId },
          data: { document: toDocumentDto({ ...current, ...change } as ComplianceDocument) },
          proof: {
            collection: DocumentModel.collection.collectionName,
            filter: { _id: current._id, reviewedAt: now },
          },
        },
        async () => {
          const written = await DocumentModel.findOneAndUpdate(
            { _id: id, status: 'pending' },
            { $set: change },
            { new: true },
          ).lean<ComplianceDocument>();
          if (!written) throw alreadyReviewed('reviewed');
          return written;
        },
      );
      await recomputeVerification(ownerId, now, `doc-${id}-reviewed`, actor);
      return updated as ComplianceDocument;
    },
  );

  return toDocumentDto(reviewed);
}

/** Call 4: the lists are computed from the documents; isVerified is the stored flag every feature reads. */
export async function getVerificationStatus(actor: Actor): Promise<VerificationStatusDto> {
  const numbers = await UserModel.findById(actor.id, { mcNumber: 1, usdotNumber: 1 }).lean();
  return (
    await computeVerification({
      _id: actor.id,
      companyId: actor.companyId,
      userType: actor.userType,
      isVerified: actor.isVerified,
      mcNumber: numbers?.mcNumber,
      usdotNumber: numbers?.usdotNumber,
    })
  ).status;
}
