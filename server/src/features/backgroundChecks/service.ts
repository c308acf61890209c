import type {
  BackgroundCheckData,
  BackgroundCheckDto,
  backgroundCheckReviewSchema,
  MyBackgroundCheckDto,
  Page,
  PendingBackgroundCheckDto,
} from '@freight/shared';
import { BACKGROUND_CHECK_REQUIRED_MESSAGE, BACKGROUND_CHECK_REQUIRED_REASON } from '@freight/shared';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { AppError, conflict, notFound } from '../../http/errors';
import { findByIds, paginate } from '../../http/paginate';
import type { PageQuery } from '../../http/validate';
import { withAggregate } from '../../infra/concurrency';
import { encryptField } from '../../infra/fieldEncryption';
import { authorize, can, type Actor } from '../../policies';
import { UserModel } from '../users/model';
import { recordFact, type Fact } from '../../events/record';
import {
  BackgroundCheckModel,
  DTO_PROJECTION,
  ssnContext,
  toBackgroundCheckDto,
  type BackgroundCheck,
} from './model';

const ADMIN_ONLY = 'Admin access required to view this page.';

type StoredCheck = Omit<BackgroundCheck, 'ssnEncrypted'>;

function findMine(userId: string) {
  return BackgroundCheckModel.findOne(
    { userId: new Types.ObjectId(userId) },
    DTO_PROJECTION,
  ).lean<StoredCheck>();
}

/** GET /api/background-check: the caller's check, or null (also for accounts that never need one). */
export async function getMyBackgroundCheck(actor: Actor): Promise<MyBackgroundCheckDto> {
  const check = await findMine(actor.id);
  return { check: check ? toBackgroundCheckDto(check) : null };
}

/**
 * The stored fields of a submission: the SSN only encrypted (bound to the driver) and as its last four digits; the
 * review of an earlier submission is cleared.
 */
function submissionFields(userId: string, data: BackgroundCheckData, now: Date) {
  const { ssn, dateOfBirth, ...answers } = data;
  return {
    ...answers,
    dateOfBirth: new Date(`${dateOfBirth}T00:00:00.000Z`),
    ssnEncrypted: encryptField(ssn, ssnContext(userId)),
    ssnLast4: ssn.slice(-4),
    status: 'pending' as const,
    rejectionReason: null,
    reviewedAt: null,
    reviewedBy: null,
    submittedAt: now,
  };
}

/**
 * POST /api/background-check: an individual driver submits the form. One check per driver: the first submission
 * creates it; a rejected one may be submitted again (it goes back to pending, in place); one in review or approved
 * may not (409). Under the check's lease (keyed by the driver), so a resubmission and a review never interleave.
 */
export async function submitBackgroundCheck(
  actor: Actor,
  data: BackgroundCheckData,
): Promise<BackgroundCheckDto> {
  authorize(actor, 'backgroundCheck:submit', undefined, {
    message: 'Only individual drivers submit background checks',
  });
  const owner = await UserModel.findById(actor.id, { email: 1 }).lean();
  const stored = await withAggregate('backgroundCheck', actor.id, async () => {
    const existing = await findMine(actor.id);
    if (existing?.status === 'pending') {
      throw conflict('Your background check is already in review; you can resubmit only if it is rejected');
    }
    if (existing?.status === 'approved') throw conflict('Your background check is already approved');
    const at = new Date();
    // The timestamps are written as the snapshot states them (not left to mongoose, which would take its own time).
    const fields = { ...submissionFields(actor.id, data, at), updatedAt: at };
    const _id = existing?._id ?? new Types.ObjectId();
    const { ssnEncrypted: _sealed, ...shown } = fields;
    const after = {
      createdAt: at,
      ...existing,
      ...shown,
      _id,
      userId: new Types.ObjectId(actor.id),
    } as StoredCheck;
    const fact: Fact<'backgroundCheck.submitted'> = {
      name: 'backgroundCheck.submitted',
      key: `${String(_id)}-${fields.submittedAt.getTime()}`,
      by: actor,
      subjects: { checkId: String(_id), userId: actor.id },
      data: { check: toBackgroundCheckDto(after), userEmail: owner?.email ?? null },
      proof: {
        collection: BackgroundCheckModel.collection.collectionName,
        filter: { _id, submittedAt: fields.submittedAt },
      },
    };
    await recordFact({ kind: 'backgroundCheck', id: actor.id }, fact, async () => {
      if (existing) {
        const resubmitted = await BackgroundCheckModel.findOneAndUpdate(
          { _id: existing._id, status: 'rejected' },
          { $set: fields },
          { new: true, timestamps: false },
        ).lean<BackgroundCheck>();
        if (!resubmitted) throw conflict('Your background check changed meanwhile; reload and try again');
        return true;
      }
      try {
        await BackgroundCheckModel.create({
          _id,
          userId: new Types.ObjectId(actor.id),
          ...fields,
          createdAt: at,
        });
        return true;
      } catch (err) {
        if ((err as { code?: number }).code === 11000) {
          throw conflict('Your background check was already submitted');
        }
        throw err;
      }
    });
    return after;
  });
  return toBackgroundCheckDto(stored);
}

/** GET /api/admin/background-checks: the pending checks, oldest submission first, with each driver's email. */
export async function listPendingBackgroundChecks(
  actor: Actor,
  { page, pageSize }: PageQuery,
): Promise<Page<PendingBackgroundCheckDto>> {
  authorize(actor, 'backgroundCheck:queue', undefined, { message: ADMIN_ONLY });
  const found = await paginate<BackgroundCheck>(
    BackgroundCheckModel,
    { status: 'pending' },
    { submittedAt: 1, _id: 1 },
    { page, pageSize },
  );
  const owners = await findByIds<{ _id: unknown; email?: string | null }>(
    UserModel,
    found.items.map((c) => c.userId),
    { email: 1 },
  );
  const emails = new Map(owners.map((o) => [String(o._id), o.email ?? null]));
  return {
    ...found,
    items: found.items.map((c) => ({
      ...toBackgroundCheckDto(c),
      userEmail: emails.get(String(c.userId)) ?? null,
    })),
  };
}

/**
 * POST /api/admin/background-checks/:id/review: approve, or reject with a reason. Only a pending check is reviewed:
 * of two admins deciding at once exactly one wins (the lease serialises them, the conditional update is the second
 * guard), the other gets 409.
 */
export async function reviewBackgroundCheck(
  actor: Actor,
  id: string,
  decision: z.output<typeof backgroundCheckReviewSchema>,
): Promise<BackgroundCheckDto> {
  authorize(actor, 'backgroundCheck:review', undefined, { message: ADMIN_ONLY });
  if (!Types.ObjectId.isValid(id)) throw notFound('Background check not found');
  const found = await BackgroundCheckModel.findById(id, { userId: 1 }).lean();
  if (!found) throw notFound('Background check not found');
  const alreadyReviewed = (status: string) =>
    conflict(`This background check is ${status}; only pending checks can be reviewed`);
  const reviewed = await withAggregate('backgroundCheck', String(found.userId), async () => {
    const current = await BackgroundCheckModel.findById(id, DTO_PROJECTION).lean<StoredCheck>();
    if (!current) throw notFound('Background check not found');
    if (current.status !== 'pending') throw alreadyReviewed(current.status);
    const at = new Date();
    const change = {
      status: decision.status,
      rejectionReason: decision.status === 'rejected' ? decision.rejectionReason : null,
      reviewedAt: at,
      reviewedBy: new Types.ObjectId(actor.id),
      updatedAt: at,
    };
    const after = { ...current, ...change } as StoredCheck;
    await recordFact(
      { kind: 'backgroundCheck', id: String(found.userId) },
      {
        name: 'backgroundCheck.reviewed',
        key: `${id}-${change.reviewedAt.getTime()}`,
        by: actor,
        subjects: { checkId: id, userId: String(found.userId) },
        data: { check: toBackgroundCheckDto(after) },
        proof: {
          collection: BackgroundCheckModel.collection.collectionName,
          filter: { _id: current._id, reviewedAt: change.reviewedAt },
        },
      },
      async () => {
        const updated = await BackgroundCheckModel.updateOne(
          { _id: id, status: 'pending' },
          { $set: change },
          { timestamps: false },
        );
        if (updated.modifiedCount === 0) throw alreadyReviewed('already reviewed');
        return true;
      },
    );
    return after;
  });
  return toBackgroundCheckDto(reviewed);
}

/**
 * The small-shipment offer gate: a driver needs an approved background check. 403 with a reason the web reads to
 * link to the form.
 */
export async function assertMayOfferOnShipments(actor: Actor): Promise<void> {
  const check = await BackgroundCheckModel.findOne(
    { userId: new Types.ObjectId(actor.id) },
    { status: 1 },
  ).lean();
  if (can(actor, 'backgroundCheck:offer', check)) return;
  throw new AppError('FORBIDDEN', BACKGROUND_CHECK_REQUIRED_MESSAGE, [
    { reason: BACKGROUND_CHECK_REQUIRED_REASON, status: check?.status ?? null },
  ]);
}
