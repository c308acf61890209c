import type { QuickPayOfferDto, QuickPayTerms } from '@freight/shared';
import { Types } from 'mongoose';
import { forbidden } from '../../http/errors';
import { withAggregate } from '../../infra/concurrency';
import { authorize, can, type Actor } from '../../policies';
import { CompanyModel } from '../companies/model';

/** The quick pay a payer company offers now (null: none, or no company). One equality on `_id`. */
export async function quickPayOfferOf(companyId: unknown): Promise<QuickPayTerms | null> {
  if (!companyId) return null;
  const company = await CompanyModel.findById(companyId, { quickPay: 1 }).lean<{
    quickPay?: QuickPayTerms | null;
  }>();
  const terms = company?.quickPay;
  return terms ? { feeBps: terms.feeBps, days: terms.days } : null;
}

/** Each payer company's offer read once, for a page of invoices. */
export function quickPayOffers(): (companyId: unknown) => Promise<QuickPayTerms | null> {
  const seen = new Map<string, Promise<QuickPayTerms | null>>();
  return (companyId) => {
    const key = String(companyId ?? '');
    if (!seen.has(key)) seen.set(key, quickPayOfferOf(companyId));
    return seen.get(key)!;
  };
}

const ownCompany = (actor: Actor) => ({ companyId: actor.companyId ?? null });

/** GET /api/company/quick-pay: what the viewer's company offers, and whether the viewer may change it. */
export async function getQuickPayOffer(actor: Actor): Promise<QuickPayOfferDto> {
  return {
    terms: await quickPayOfferOf(actor.companyId),
    canEdit: can(actor, 'invoice:offerQuickPay', ownCompany(actor)),
  };
}

/** PUT (terms) or DELETE (null) /api/company/quick-pay: under the company's lease, as every company change is. */
export async function setQuickPayOffer(actor: Actor, terms: QuickPayTerms | null): Promise<QuickPayOfferDto> {
  if (!actor.companyId) throw forbidden('Quick pay is offered by a company: set up your company first');
  authorize(actor, 'invoice:offerQuickPay', ownCompany(actor), {
    message: "Only a company's owners, admins and accounting set its quick pay",
  });
  await withAggregate('company', actor.companyId, () =>
    CompanyModel.updateOne(
      { _id: new Types.ObjectId(actor.companyId!) },
      { $set: { quickPay: terms ? { feeBps: terms.feeBps, days: terms.days } : null } },
    ),
  );
  return getQuickPayOffer(actor);
}
