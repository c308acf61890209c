import { documentTypeLabel, type CompanyProfileDto } from '@freight/shared';
import { Router } from 'express';
import { Types } from 'mongoose';
import { requireUser } from '../../http/auth';
import { iso } from '../../http/dto';
import { notFound } from '../../http/errors';
import { computeVerification } from '../documents/verification';
import { FreightModel } from '../freight/model';
import { ratingSummaryOf } from '../companies/ratingSummaries';
import { payerRecordOf } from '../companies/payerPayments';
import { UserModel } from '../users/model';
import { CompanyModel } from '../companies/model';

/** The party as the profile shows it: a company, or a person acting alone (their id stands for their company). */
async function partyOf(id: string) {
  const company = await CompanyModel.findById(id).lean();
  if (company) {
    const owner = await UserModel.findById(company.ownerId, { _id: 1 }).lean();
    return {
      name: company.name ?? '',
      type: company.type ?? null,
      mcNumber: company.mcNumber ?? null,
      usdotNumber: company.usdotNumber ?? null,
      isVerified: Boolean(company.isVerified),
      createdAt: company.createdAt,
      verifiable: { _id: owner?._id ?? company.ownerId, companyId: company._id, userType: company.type },
    };
  }
  const user = await UserModel.findById(id).lean();
  if (!user || user.companyId) return null;
  return {
    name: user.companyName || `${user.firstName} ${user.lastName}`.trim(),
    type: user.userType ?? null,
    mcNumber: user.mcNumber ?? null,
    usdotNumber: user.usdotNumber ?? null,
    isVerified: Boolean(user.isVerified),
    createdAt: user.createdAt,
    verifiable: { _id: user._id, companyId: null, userType: user.userType },
  };
}

/**
 * A company's public profile (issue 40, `/companies/:id`), for any signed-in user: its authority numbers, which
 * required documents are approved (names only), its ratings (the projector's summary), the loads it moved (delivered
 * loads it hauled or posted: two top-level equalities), when it joined, and its days-to-pay as a payer (the
 * projector's summary, null below 3 paid invoices) with its quick pay promises kept and missed. docs/ratings.md says what is public and why.
 */
export async function companyProfile(id: string): Promise<CompanyProfileDto> {
  const party = Types.ObjectId.isValid(id) ? await partyOf(id) : null;
  if (!party) throw notFound('Company not found');
  const cid = new Types.ObjectId(id);
  const [verification, rating, payer, hauled, posted] = await Promise.all([
    computeVerification(party.verifiable),
    ratingSummaryOf(id),
    payerRecordOf(id),
    FreightModel.countDocuments({ carrierCompanyId: cid, status: 'delivered' }),
    FreightModel.countDocuments({ companyId: cid, status: 'delivered' }),
  ]);
  return {
    id,
    name: party.name,
    type: party.type,
    mcNumber: party.mcNumber,
    usdotNumber: party.usdotNumber,
    isVerified: party.isVerified,
    verifiedDocuments: verification.status.approvedDocuments.map(documentTypeLabel),
    rating,
    loadsMoved: hauled + posted,
    memberSince: iso(party.createdAt)!,
    ...payer,
  };
}

export function createCompanyProfileRouter(): Router {
  const router = Router();
  router.get('/companies/:id/profile', requireUser, async (req, res) => {
    res.json(await companyProfile(String(req.params.id)));
  });
  return router;
}
