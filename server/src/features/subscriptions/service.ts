import {
  findPlan,
  isSubscriptionActive,
  planDisplayName,
  plansForUserType,
  USAGE_METRIC_LABELS,
  type ActivateSubscriptionInput,
  type ActivateSubscriptionResult,
  type CancelSubscriptionInput,
  type SubscriptionPlan,
  type UsageDto,
  type UserDto,
} from '@freight/shared';
import { Types } from 'mongoose';
import { AppError, badRequest, conflict } from '../../http/errors';
import { withAggregate } from '../../infra/concurrency';
import { authorize, can, toActor, type Actor } from '../../policies';
import { UserModel, toUserDto, type User } from '../users/model';
import { setBusinessFields } from '../companies/service';
import { iso } from '../../http/dto';
import { NOTHING_WRITTEN, recordFact, type Fact, type FactBy } from '../../events/record';
import { addOneMonth, monthBounds, now } from '../../infra/clock';
import { countUsage, usageCompanyOf } from '../freight/planLimits';
import { paymentProvider } from './payments';

type Subscriber = Pick<
  User,
  'subscriptionStatus' | 'subscriptionPlan' | 'subscriptionExpiresAt' | 'subscriptionCanceledAt'
>;
type SubscriptionFactName = 'subscription.activated' | 'subscription.canceled' | 'subscription.expired';

/**
 * A subscription's fact (issue 26), its data the subscription as the write leaves it; proven by the stored fields
 * the write sets.
 */
function subscriptionFact(
  name: SubscriptionFactName,
  key: string,
  by: FactBy,
  userId: string,
  after: Subscriber,
  planName: string,
  proof: Record<string, unknown>,
): Fact<SubscriptionFactName> {
  return {
    name,
    key,
    by,
    subjects: { userId },
    data: {
      subscription: {
        userId,
        subscriptionStatus: after.subscriptionStatus as 'active' | 'inactive',
        subscriptionPlan: after.subscriptionPlan ?? null,
        subscriptionExpiresAt: iso(after.subscriptionExpiresAt),
        subscriptionCanceledAt: iso(after.subscriptionCanceledAt),
      },
      planName,
    },
    proof: {
      collection: UserModel.collection.collectionName,
      filter: { _id: new Types.ObjectId(userId), ...proof },
    },
  };
}

export function listPlans(actor: Actor): SubscriptionPlan[] {
  return plansForUserType(actor.userType);
}

/**
 * Call 29: the plan must be the caller's type + '_basic' or '_pro'. The payment provider is asked first; when it
 * has taken payment the subscription is active for one month from now (an earlier plan is replaced). Under the
 * user's lease: the type the plan must fit is the stored one, and an activation, a change of type, the expiry job
 * and the plan-limit checks of posts and bookings never interleave.
 */
export async function activateSubscription(
  actor: Actor,
  { plan: planId }: ActivateSubscriptionInput,
): Promise<ActivateSubscriptionResult> {
  const outcome = await withAggregate('user', actor.id, async () => {
    const current = await UserModel.findById(actor.id);
    if (!current) throw new AppError('NOT_FOUND', 'User not found');
    const stored = toActor(current);
    const allowed = [`${current.userType}_basic`, `${current.userType}_pro`];
    const plan = findPlan(planId);
    if (!plan || !allowed.includes(planId)) {
      throw badRequest(
        can(stored, 'subscription:activate')
          ? `plan: must be ${allowed.join(' or ')}`
          : 'plan: subscriptions are available to carrier, shipper, broker and air cargo accounts',
      );
    }
    authorize(stored, 'subscription:activate', undefined, {
      message: "Only the company's owner and admins change its plan",
    });
    const at = now();
    const payment = await paymentProvider().charge({
      user: { id: current.id, email: current.email, stripeCustomerId: current.stripeCustomerId ?? null },
      plan,
      now: at,
    });
    if (payment.status === 'failed') throw new AppError('CONFLICT', payment.message);
    if (payment.status === 'requires_action') return { payment, user: current, plan };
    const change = {
      subscriptionStatus: 'active' as const,
      subscriptionPlan: plan.id,
      subscriptionExpiresAt: addOneMonth(at),
      subscriptionCanceledAt: null,
    };
    // Each activation is its own fact (a renewal at the same moment of a fixed test clock included).
    const fact = subscriptionFact(
      'subscription.activated',
      `${current.id}-${new Types.ObjectId().toHexString()}`,
      actor,
      current.id,
      change,
      plan.name,
      {
        subscriptionStatus: 'active',
        subscriptionPlan: plan.id,
        subscriptionExpiresAt: change.subscriptionExpiresAt,
      },
    );
    const updated = await recordFact({ kind: 'user', id: current.id }, fact, async () => {
      const written = await UserModel.findByIdAndUpdate(
        current._id,
        {
          $set: {
            ...change,
            ...(payment.customerId ? { stripeCustomerId: payment.customerId } : {}),
            ...(payment.subscriptionId ? { stripeSubscriptionId: payment.subscriptionId } : {}),
          },
        },
        { new: true },
      );
      if (!written) throw new AppError('NOT_FOUND', 'User not found');
      // The plan is the company's (issue 28): every member's copy follows.
      await setBusinessFields(current.id, change);
      return written;
    });
    return { payment, user: updated as NonNullable<typeof current>, plan };
  });
  const { payment, user: updated } = outcome;
  if (payment.status === 'requires_action') {
    return { status: 'requires_action', redirectUrl: payment.redirectUrl, user: toUserDto(updated) };
  }
  return { status: 'active', redirectUrl: null, user: toUserDto(updated) };
}

/**
 * Cancels at the end of the period ('Cancel anytime'): the plan stays active until subscriptionExpiresAt, when the
 * expiry job ends it, and is marked so it is not renewed. `plan` must be the caller's active plan, so a plan changed
 * meanwhile (another tab) is not canceled by mistake.
 */
export async function cancelSubscription(actor: Actor, { plan }: CancelSubscriptionInput): Promise<UserDto> {
  const updated = await withAggregate('user', actor.id, async () => {
    const current = await UserModel.findById(actor.id);
    if (!current) throw new AppError('NOT_FOUND', 'User not found');
    const stored = toActor(current);
    authorize(stored, 'subscription:cancel');
    if (!isSubscriptionActive(stored, now())) throw conflict('There is no active subscription to cancel');
    if (current.subscriptionPlan !== plan) {
      throw badRequest(`plan: your active plan is ${current.subscriptionPlan ?? 'none'}`);
    }
    if (current.subscriptionCanceledAt) throw conflict('The subscription is already canceled');
    const canceledAt = now();
    // Each cancel is its own fact (a second one after a renewal, at the same moment of a fixed test clock, too).
    const fact = subscriptionFact(
      'subscription.canceled',
      `${current.id}-${new Types.ObjectId().toHexString()}`,
      actor,
      current.id,
      { ...current.toObject(), subscriptionCanceledAt: canceledAt },
      planDisplayName(plan),
      { subscriptionPlan: plan, subscriptionCanceledAt: canceledAt },
    );
    const written = await recordFact({ kind: 'user', id: current.id }, fact, async () => {
      const done = await UserModel.findOneAndUpdate(
        {
          _id: current._id,
          subscriptionStatus: 'active',
          subscriptionPlan: plan,
          subscriptionCanceledAt: null,
        },
        { $set: { subscriptionCanceledAt: canceledAt } },
        { new: true },
      );
      if (done) await setBusinessFields(current.id, { subscriptionCanceledAt: canceledAt });
      return done ?? NOTHING_WRITTEN;
    });
    return written === NOTHING_WRITTEN ? null : written;
  });
  if (!updated) throw conflict('The subscription changed meanwhile; reload and try again');
  return toUserDto(updated);
}

/** This calendar month's use against the plan's cap (the dashboard's usage card, 'View Usage Analytics'). */
export async function usageFor(actor: Actor): Promise<UsageDto> {
  const at = now();
  const { start, end } = monthBounds(at);
  const active = isSubscriptionActive(actor, at);
  const plan = findPlan(actor.subscriptionPlan);
  // Pro plans count what the Basic plan of the same type caps, so usage shows against 'Unlimited'.
  const basic = findPlan(`${actor.userType}_basic`);
  const metric = plan?.limit?.metric ?? basic?.limit?.metric ?? null;
  return {
    plan: actor.subscriptionPlan,
    planName: planDisplayName(actor.subscriptionPlan),
    active,
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    metric,
    label: metric ? USAGE_METRIC_LABELS[metric] : null,
    used: metric ? await countUsage(usageCompanyOf(actor), metric, at) : 0,
    limit: active && plan?.limit ? plan.limit.perMonth : null,
  };
}

/**
 * The expiry job: every active subscription whose date has passed becomes inactive (conditional update, so a
 * renewal that lands meanwhile wins), recorded as subscription.expired (its projector pushes `subscription:changed` to the user and queues a notification).
 */
export async function expireSubscriptions(at: Date = now()): Promise<string[]> {
  const due = await UserModel.find(
    { subscriptionStatus: 'active', subscriptionExpiresAt: { $ne: null, $lte: at } },
    { _id: 1 },
  ).lean();
  const expired: string[] = [];
  for (const { _id } of due) {
    // Under the user's lease: a renewal in flight lands wholly before (then the date has moved on) or after.
    const updated = await withAggregate('user', _id, async () => {
      const current = await UserModel.findById(_id, {
        subscriptionStatus: 1,
        subscriptionPlan: 1,
        subscriptionExpiresAt: 1,
        subscriptionCanceledAt: 1,
      }).lean();
      if (current?.subscriptionStatus !== 'active' || !current.subscriptionExpiresAt) return null;
      if (current.subscriptionExpiresAt > at) return null;
      const userId = String(_id);
      const expiresAt = current.subscriptionExpiresAt;
      const fact = subscriptionFact(
        'subscription.expired',
        `${userId}-${expiresAt.getTime()}`,
        'system',
        userId,
        { ...current, subscriptionStatus: 'inactive' },
        planDisplayName(current.subscriptionPlan),
        { subscriptionStatus: 'inactive', subscriptionExpiresAt: expiresAt },
      );
      const written = await recordFact({ kind: 'user', id: userId }, fact, async () => {
        const done = await UserModel.updateOne(
          { _id, subscriptionStatus: 'active', subscriptionExpiresAt: expiresAt },
          { $set: { subscriptionStatus: 'inactive' } },
        );
        if (done.modifiedCount === 0) return NOTHING_WRITTEN;
        await setBusinessFields(userId, { subscriptionStatus: 'inactive' });
        return userId;
      });
      return written === NOTHING_WRITTEN ? null : written;
    });
    if (updated) expired.push(updated);
  }
  return expired;
}
