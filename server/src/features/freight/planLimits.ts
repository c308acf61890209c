// Plan limits on freight (posting, booking approvals): counted here, where the loads are, and checked before the
// change they guard; the subscriptions feature reads the same counts for its usage card.
//
// Counting (SPEC §9 contents, per calendar month in UTC):
// - loads_posted: freight listings created this month whose poster's or broker's company is the company (issue 28);
// - air_shipments_posted: the same, only equipmentType 'air_cargo';
// - bookings_approved: freight listings whose carrier's company is the company, in booked / in_transit / delivered, last
//   changed (updatedAt) this month. The listing keeps no booking date, and the freight feature's booking records
//   are its own, so a booking's month is the month its load last changed status: a load booked late in one month
//   and delivered early in the next counts in the next. Cancelled loads no longer count.
// Only an active Basic plan is capped. Pro is unlimited; posting and booking without a plan are governed by the
// other rules (verification; the air gate), not by these caps. Two posts racing at the cap may both pass: the
// counts are reads, not reservations.
import { findPlan, isSubscriptionActive, type UsageMetric, CARRIER_ON_LOAD_STATUSES } from '@freight/shared';
import { Types, type FilterQuery } from 'mongoose';
import { forbidden } from '../../http/errors';
import { monthBounds, now } from '../../infra/clock';
import type { Actor } from '../../policies';
import { FreightModel, type FreightListing } from './model';
import { UserModel } from '../users/model';

/**
 * Loads whose poster's or broker's company is the company, among those matching `rest`: one count per role, each led
 * by its equality (DESIGN §2), less the loads counted twice (posted and brokered by the company).
 */
async function countPosted(companyId: Types.ObjectId, rest: FilterQuery<FreightListing>): Promise<number> {
  const [asPoster, asBroker, asBoth] = await Promise.all([
    FreightModel.countDocuments({ companyId, ...rest }),
    FreightModel.countDocuments({ brokerCompanyId: companyId, ...rest }),
    FreightModel.countDocuments({ brokerCompanyId: companyId, companyId, ...rest }),
  ]);
  return asPoster + asBroker - asBoth;
}

/**
 * How much of `metric` the company used in the calendar month that holds `at` (issue 28: the plan is the company's,
 * so every member's loads and bookings count against it).
 */
export async function countUsage(companyId: string, metric: UsageMetric, at: Date = now()): Promise<number> {
  const { start, end } = monthBounds(at);
  const id = new Types.ObjectId(companyId);
  switch (metric) {
    case 'loads_posted':
      return countPosted(id, { createdAt: { $gte: start, $lt: end } });
    case 'air_shipments_posted':
      return countPosted(id, { equipmentType: 'air_cargo', createdAt: { $gte: start, $lt: end } });
    case 'bookings_approved':
      return FreightModel.countDocuments({
        carrierCompanyId: id,
        status: { $in: CARRIER_ON_LOAD_STATUSES },
        updatedAt: { $gte: start, $lt: end },
      });
  }
}

/** The company a member's plan usage counts under: a one-person company's id is its owner's. */
export const usageCompanyOf = (member: { id: string; companyId?: string | null }) =>
  member.companyId ?? member.id;

/** The cap that applies to the user now for `metric`, or null (no active Basic plan counting it). */
function capFor(
  user: Pick<Actor, 'subscriptionStatus' | 'subscriptionPlan' | 'subscriptionExpiresAt'>,
  metric: UsageMetric,
  at: Date,
) {
  if (!isSubscriptionActive(user, at)) return null;
  const plan = findPlan(user.subscriptionPlan);
  if (!plan?.limit || plan.limit.metric !== metric) return null;
  return { plan, perMonth: plan.limit.perMonth };
}

const LIMIT_NOUNS: Record<UsageMetric, string> = {
  loads_posted: 'loads posted',
  air_shipments_posted: 'air shipments posted',
  bookings_approved: 'approved bookings',
};

function limitMessage(planName: string, perMonth: number, metric: UsageMetric, upgradeTo: string): string {
  return `Monthly limit reached: your ${planName} plan allows ${perMonth} ${LIMIT_NOUNS[metric]} per month. Upgrade to ${upgradeTo} for unlimited use at /subscribe.`;
}

async function assertUnderCap(
  user: Pick<Actor, 'id' | 'companyId' | 'subscriptionStatus' | 'subscriptionPlan' | 'subscriptionExpiresAt'>,
  metric: UsageMetric,
): Promise<void> {
  const at = now();
  const cap = capFor(user, metric, at);
  if (!cap) return;
  const used = await countUsage(usageCompanyOf(user), metric, at);
  if (used >= cap.perMonth) {
    const upgradeTo = findPlan(`${cap.plan.userType}_pro`)?.name ?? 'Pro';
    throw forbidden(limitMessage(cap.plan.name, cap.perMonth, metric, upgradeTo));
  }
}

/** Throws 403 when the poster's plan allows no more loads (or air shipments) this calendar month. */
export async function assertCanPostLoad(poster: Actor, opts: { air: boolean }): Promise<void> {
  if (poster.userType === 'admin') return;
  // An Air Cargo plan counts air shipments only; the others count every load their holder posts.
  const plan = findPlan(poster.subscriptionPlan);
  const metric: UsageMetric =
    plan?.limit?.metric === 'air_shipments_posted' ? 'air_shipments_posted' : 'loads_posted';
  if (metric === 'air_shipments_posted' && !opts.air) return;
  await assertUnderCap(poster, metric);
}

/** Throws 403 when the carrier's plan allows no more approved bookings this calendar month. */
export async function assertCarrierCanTakeBooking(carrierId: string): Promise<void> {
  if (!Types.ObjectId.isValid(carrierId)) return;
  const carrier = await UserModel.findById(carrierId, {
    companyId: 1,
    subscriptionStatus: 1,
    subscriptionPlan: 1,
    subscriptionExpiresAt: 1,
  }).lean();
  if (!carrier) return;
  await assertUnderCap(
    {
      id: carrierId,
      companyId: carrier.companyId ? String(carrier.companyId) : null,
      subscriptionStatus: carrier.subscriptionStatus,
      subscriptionPlan: carrier.subscriptionPlan ?? null,
      subscriptionExpiresAt: carrier.subscriptionExpiresAt ?? null,
    },
    'bookings_approved',
  );
}
