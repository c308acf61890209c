import { DOCUMENT_EXPIRY_REMINDER_DAYS, daysUntilExpiry, startOfUtcDay } from '@freight/shared';
import { Types } from 'mongoose';
import { findByIds } from '../../http/paginate';
import { oncePerDatabase } from '../../infra/maintenanceMarks';
import { UserModel } from '../users/model';
import { withAggregate, withAggregates } from '../../infra/concurrency';
import { daysBack, DocumentModel, toDocumentDto, utcDay, type ComplianceDocument } from './model';
import { NOTHING_WRITTEN, recordFact } from '../../events/record';
import { VERIFIABLE_FIELDS, computeVerification, recomputeVerification } from './verification';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Documents that can still lapse: in review or approved. Rejected and expired ones are done. */
const LIVE: readonly ComplianceDocument['status'][] = ['pending', 'approved'];

/**
 * The live documents matching `dates`, one status at a time: the status equality is what reaches the storage
 * (DESIGN §2), so a run reads live documents once, in one streaming pass each, never the rejected and expired
 * ones; the dates are checked among them. Unsorted: keyset pages (`_id > last`, sorted) would re-read every live
 * document per page on FerretDB, where neither the range nor the sort reaches the storage.
 */
async function* liveDocuments(
  dates: Record<string, unknown>,
  projection?: Record<string, 1>,
): AsyncGenerator<ComplianceDocument> {
  for (const status of LIVE) {
    yield* DocumentModel.find({ status, expirationDate: dates }, projection)
      .lean<ComplianceDocument[]>()
      .cursor({ batchSize: 1000 });
  }
}
/** Users whose documents expired this recently are checked again on each run (a run that died half-way). */
const RECHECK_DAYS = 3;

export interface DocumentExpiryReport {
  now: string;
  remindersSent: number;
  expired: number;
  usersRecomputed: number;
}

/**
 * The reminder a document is due at `now`: the most urgent of 30, 7 and 1 days that it is within. A document first
 * seen with 5 days left gets the 7-day reminder only; the 30-day one is then counted as passed.
 */
export function dueReminder(daysLeft: number): number | null {
  const due = [...DOCUMENT_EXPIRY_REMINDER_DAYS].sort((a, b) => a - b).find((d) => daysLeft <= d);
  return daysLeft >= 0 && due !== undefined ? due : null;
}

/**
 * Reminders: each document in review or approved gets each reminder once: the log keeps one document.expiring
 * per document and reminder (a run that dies before noting it records nothing twice), and the document notes what
 * was sent so later runs skip it.
 */
async function sendReminders(now: Date): Promise<number> {
  const today = startOfUtcDay(now);
  const horizon = new Date(today.getTime() + (Math.max(...DOCUMENT_EXPIRY_REMINDER_DAYS) + 1) * DAY_MS);
  let sent = 0;
  for await (const doc of liveDocuments({ $gte: today, $lt: horizon })) {
    const daysLeft = daysUntilExpiry(doc.expirationDate!, now);
    const due = dueReminder(daysLeft);
    if (due === null || doc.remindersSent.includes(due)) continue;
    // This reminder and every earlier (longer) one are done.
    const passed = DOCUMENT_EXPIRY_REMINDER_DAYS.filter((d) => d >= due);
    const id = String(doc._id);
    // The reminder is its own fact (its projector notifies); noting it on the document is the write it ends. Under
    // the document's lease, so the note cannot revert a review landing at the same moment.
    await recordFact(
      { kind: 'document', id },
      {
        name: 'document.expiring',
        key: `${id}-${due}d`,
        by: 'system',
        subjects: { documentId: id, userId: String(doc.userId) },
        data: { document: toDocumentDto(doc), daysLeft, reminder: due },
      },
      () => DocumentModel.updateOne({ _id: doc._id }, { $addToSet: { remindersSent: { $each: passed } } }),
    );
    sent++;
  }
  return sent;
}

/**
 * Marks documents past their date expired, each under its own lease and its owner's (one call), with the owner's
 * verification recomputed inside: an admin reviewing the same pending document at once either lands first (then the
 * document is no longer live here, or an approval of a lapsed document expires now) or finds it expired (409).
 */
async function expireDocuments(now: Date): Promise<{ expired: number; userIds: Set<string> }> {
  const today = startOfUtcDay(now);
  const candidates: Array<Pick<ComplianceDocument, '_id' | 'userId'>> = [];
  for await (const { _id, userId } of liveDocuments({ $lt: today }, { _id: 1, userId: 1 }))
    candidates.push({ _id, userId });
  const userIds = new Set<string>();
  let expired = 0;
  for (const { _id, userId } of candidates) {
    const ownerId = String(userId);
    const doc = await withAggregates(
      [
        { kind: 'document', id: String(_id) },
        { kind: 'user', id: ownerId },
      ],
      async () => {
        const current = await DocumentModel.findById(_id).lean<ComplianceDocument>();
        if (!current || !LIVE.includes(current.status) || !(current.expirationDate! < today)) return null;
        const id = String(_id);
        const change = { status: 'expired' as const, expiredAt: now, expiredDay: utcDay(now) };
        const written = await recordFact(
          { kind: 'document', id },
          {
            name: 'document.expired',
            key: id,
            by: 'system',
            subjects: { documentId: id, userId: ownerId },
            data: {
              document: toDocumentDto({ ...current, ...change } as ComplianceDocument),
              previousStatus: current.status,
            },
            proof: {
              collection: DocumentModel.collection.collectionName,
              filter: { _id, status: 'expired' },
            },
          },
          async () =>
            (await DocumentModel.updateOne({ _id, status: current.status }, { $set: change })).modifiedCount >
            0
              ? true
              : NOTHING_WRITTEN,
        );
        if (written === NOTHING_WRITTEN) return null;
        await recomputeVerification(ownerId, now, `doc-${id}-expired`);
        return true;
      },
    );
    if (!doc) continue; // reviewed meanwhile, or another run got there first
    expired++;
    userIds.add(ownerId);
  }
  return { expired, userIds };
}

/**
 * Users whose documents expired or were approved in the last few days but whose stored flag disagrees with their
 * documents: a run or a review that changed documents and then died before recomputing is repaired by the next run
 * (and at start, repairVerification).
 */
async function staleUsers(now: Date, skip: Set<string>): Promise<string[]> {
  const days = daysBack(now, RECHECK_DAYS);
  const owners = await Promise.all([
    ...days.map((expiredDay) => DocumentModel.distinct('userId', { expiredDay, status: 'expired' })),
    ...days.map((reviewedDay) => DocumentModel.distinct('userId', { reviewedDay, status: 'approved' })),
  ]);
  const ids = [...new Set(owners.flat().map(String))].filter((id) => !skip.has(id));
  if (ids.length === 0) return [];
  const users = await findByIds<{
    _id: Types.ObjectId;
    userType?: string | null;
    isVerified?: boolean;
    companyId?: Types.ObjectId | null;
    mcNumber?: string | null;
    usdotNumber?: string | null;
  }>(UserModel, ids, VERIFIABLE_FIELDS);
  const stale: string[] = [];
  for (const user of users.filter((u) => u.isVerified)) {
    const { computedVerified } = await computeVerification(user, now);
    if (computedVerified !== Boolean(user.isVerified)) stale.push(String(user._id));
  }
  return stale;
}

/**
 * Documents reviewed or expired in the last 31 days before reviewedDay and expiredDay existed get them (what the
 * day-keyed queries look back over), once per database, in the background of a start: one read of the reviewed
 * documents, writes only for the recent ones, each under its document's lease.
 */
export const DOCUMENT_DAYS_BACKFILL = 'document-days-v1';
export function backfillDocumentDays(): Promise<void> {
  return oncePerDatabase(DOCUMENT_DAYS_BACKFILL, async () => {
    const since = Date.now() - 31 * DAY_MS;
    for (const status of ['approved', 'rejected', 'expired'] as const) {
      const docs = await DocumentModel.find(
        { status },
        { reviewedAt: 1, expiredAt: 1, reviewedDay: 1, expiredDay: 1 },
      ).lean<Pick<ComplianceDocument, '_id' | 'reviewedAt' | 'expiredAt' | 'reviewedDay' | 'expiredDay'>[]>();
      for (const d of docs) {
        const set: Record<string, string> = {};
        if (d.reviewedAt && !d.reviewedDay && d.reviewedAt.getTime() >= since)
          set.reviewedDay = utcDay(d.reviewedAt);
        if (d.expiredAt && !d.expiredDay && d.expiredAt.getTime() >= since)
          set.expiredDay = utcDay(d.expiredAt);
        if (Object.keys(set).length === 0) continue;
        await withAggregate('document', String(d._id), () =>
          DocumentModel.updateOne({ _id: d._id }, { $set: set }),
        );
      }
    }
  });
}

/** Recomputes (under each user's lease) every recently changed user whose flag disagrees with their documents. */
export async function repairVerification(now = new Date(), skip = new Set<string>()): Promise<number> {
  const stale = await staleUsers(now, skip);
  for (const userId of stale) await recomputeVerification(userId, now);
  return stale.length;
}

/**
 * The daily job (also `npm run jobs -- document-expiry`): reminders 30, 7 and 1 days before a document's
 * expiration date, each once however often it runs; documents past their date become expired and their owners'
 * verification is recomputed (and pushed) with them, so an expired required document makes its owner unverified.
 */
export async function runDocumentExpiry(now = new Date()): Promise<DocumentExpiryReport> {
  const remindersSent = await sendReminders(now);
  const { expired, userIds } = await expireDocuments(now);
  const repaired = await repairVerification(now, userIds);
  return { now: now.toISOString(), remindersSent, expired, usersRecomputed: userIds.size + repaired };
}
