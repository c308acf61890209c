// Contract: the documents feature implements verification; others read `user.isVerified`.
import {
  documentTypesFor,
  isExpiredOn,
  requiredAuthorityNumbersOf,
  type UserType,
  type VerificationStatusDto,
} from '@freight/shared';
import { Types } from 'mongoose';
import { recordFact, type Fact } from '../../events/record';
import { withAggregate } from '../../infra/concurrency';
import { UserModel } from '../users/model';
import { writeCompanyFields } from '../companies/service';
import { DocumentModel } from './model';

interface VerifiableUser {
  _id: unknown;
  /** The company whose documents count (issue 28); an account not in one yet: its own documents. */
  companyId?: unknown;
  userType?: string | null;
  isVerified?: boolean;
  /** The road numbers (the company's, copied to its members): a carrier's USDOT and a broker's MC are required. */
  mcNumber?: string | null;
  usdotNumber?: string | null;
}

/** What computeVerification reads of a user (every caller's projection). */
export const VERIFIABLE_FIELDS = {
  userType: 1,
  isVerified: 1,
  companyId: 1,
  mcNumber: 1,
  usdotNumber: 1,
} as const;

/**
 * What a computation may decide. `documents` (a review, an expiry, a change of type): the whole rule. `numbers` (the
 * numbers were saved): missing numbers take verification away and complete documents with the numbers grant it, but a
 * verification the documents cannot judge (a flag set by seeding or by an admin) is kept as it is.
 */
export type VerificationJudgement = 'documents' | 'numbers';

/**
 * The user's compliance from their documents at `now`. A required type counts as approved when it has an approved
 * document whose expiration date has not passed, and as submitted when it has one in review or approved (rejected
 * and expired documents need a new upload, and a new upload of the type takes an expired one's place).
 *
 * `computedVerified` is the rule: every required type approved, and (issue 39) the road numbers the type needs given
 * (requiredAuthorityNumbersOf: a carrier's USDOT, a broker's MC). User types that need no documents
 * (individual_customer, individual_driver, admin, no type yet) have nothing to compute it from: for them the stored
 * flag is kept as it is (set by an admin or by seeding), so a recompute never grants verification without evidence
 * and never takes away one it cannot judge.
 */
export async function computeVerification(
  user: VerifiableUser,
  now = new Date(),
  judge: VerificationJudgement = 'documents',
): Promise<{ status: VerificationStatusDto; computedVerified: boolean }> {
  const required = [...documentTypesFor(user.userType as UserType | null)];
  const docs = required.length
    ? await DocumentModel.find(
        {
          ...(user.companyId
            ? { companyId: new Types.ObjectId(String(user.companyId)) }
            : { userId: new Types.ObjectId(String(user._id)) }),
          documentType: { $in: required },
          status: { $in: ['pending', 'approved'] },
        },
        { documentType: 1, status: 1, expirationDate: 1 },
      ).lean()
    : [];
  const submitted = new Set<string>();
  const approved = new Set<string>();
  for (const d of docs) {
    if (isExpiredOn(d.expirationDate, now)) continue;
    submitted.add(d.documentType);
    if (d.status === 'approved') approved.add(d.documentType);
  }
  const missingNumbers = requiredAuthorityNumbersOf(user.userType).filter((field) => !user[field]);
  const documentsComplete = required.every((t) => approved.has(t));
  const computedVerified =
    required.length === 0
      ? Boolean(user.isVerified)
      : missingNumbers.length > 0
        ? false
        : documentsComplete || (judge === 'numbers' && Boolean(user.isVerified));
  return {
    status: {
      isVerified: Boolean(user.isVerified),
      requiredDocuments: required,
      submittedDocuments: required.filter((t) => submitted.has(t)),
      approvedDocuments: required.filter((t) => approved.has(t)),
      missingNumbers,
    },
    computedVerified,
  };
}

/**
 * The fact of a user's verification as just computed (issue 26). `cause` tells this computation from others (the
 * document reviewed or expired, the setup): the log keeps one per cause. Proven by the stored flag.
 */
export function verificationFact(
  userId: string,
  status: VerificationStatusDto,
  verified: boolean,
  cause: string,
  by: Fact['by'] = 'system',
): Fact<'verification.changed'> {
  return {
    name: 'verification.changed',
    key: `${userId}-${cause}`,
    by,
    subjects: { userId },
    data: {
      userId,
      isVerified: verified,
      status: verified ? 'verified' : 'unverified',
      verification: { ...status, isVerified: verified },
    },
    proof: {
      collection: UserModel.collection.collectionName,
      filter: { _id: new Types.ObjectId(userId), isVerified: verified },
    },
  };
}

/**
 * Recomputes and stores the user's isVerified from their documents, recording verification.changed as the last
 * step (its projector pushes verification:changed). Runs under the user's lease (taken here, or already held by the
 * caller with the document it changed), so the flag it writes is computed from the documents and type as they
 * stand: a review, an expiry or a change of account type in flight waits for it, and it for them. `cause` names
 * what made it run (see verificationFact); a repair names the flag it sets and the time.
 */
export async function recomputeVerification(
  userId: string,
  now = new Date(),
  cause?: string,
  by: Fact['by'] = 'system',
  judge: VerificationJudgement = 'documents',
): Promise<boolean> {
  if (!Types.ObjectId.isValid(userId)) return false;
  const result = await withAggregate('user', userId, async () => {
    const user = await UserModel.findById(userId, VERIFIABLE_FIELDS).lean();
    if (!user) return null;
    // The verification is the company's (issue 28): judged from its documents and written to it and every member.
    if (user.companyId) {
      return withAggregate('company', String(user.companyId), async () => {
        const company = await UserModel.findById(userId, VERIFIABLE_FIELDS).lean();
        if (!company) return null;
        const computed = await computeVerification(company, now, judge);
        const fact = verificationFact(
          userId,
          computed.status,
          computed.computedVerified,
          cause ?? `${computed.computedVerified ? 'verified' : 'unverified'}-${now.getTime()}`,
          by,
        );
        await recordFact({ kind: 'user', id: userId }, fact, async () => {
          if (computed.computedVerified !== Boolean(company.isVerified)) {
            await writeCompanyFields(String(user.companyId), { isVerified: computed.computedVerified });
          }
          return true;
        });
        return computed;
      });
    }
    const computed = await computeVerification(user, now, judge);
    const { status, computedVerified } = computed;
    const fact = verificationFact(
      userId,
      status,
      computedVerified,
      cause ?? `${computedVerified ? 'verified' : 'unverified'}-${now.getTime()}`,
      by,
    );
    await recordFact({ kind: 'user', id: userId }, fact, async () => {
      if (computedVerified !== Boolean(user.isVerified)) {
        await UserModel.updateOne(
          { _id: user._id, isVerified: Boolean(user.isVerified) },
          { $set: { isVerified: computedVerified } },
        );
      }
      return true;
    });
    return computed;
  });
  return result?.computedVerified ?? false;
}
