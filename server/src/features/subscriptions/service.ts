import {
  activateSubscriptionSchema,
  findPlan,
  isSubscriptionActive,
  planDisplayName,
  plansForUserType,
  rooms,
  USAGE_METRIC_LABELS,
  type ActivateSubscriptionResult,
  type SubscriptionChangedPayload,
  type SubscriptionPlan,
  type UsageDto,
} from '@freight/shared';
import { AppError, badRequest } from '../../http/errors';
import { parse } from '../../http/validate';
import { can, toActor, type Actor } from '../../policies';
import { publish } from '../../realtime/publish';
import { notify } from '../notifications/service';
import { UserModel, toUserDto, type User, type UserDoc } from '../users/model';
import { addOneMonth, monthBounds, now } from './clock';
import { countUsage } from './limits';
import { paymentProvider } from './payments';

export function listPlans(actor: Actor): SubscriptionPlan[] {
  return plansForUserType(actor.userType);
}

function changedPayload(
  u: Pick<User, 'subscriptionStatus' | 'subscriptionPlan' | 'subscriptionExpiresAt'> & { _id: unknown },
  reason: SubscriptionChangedPayload['reason'],
): SubscriptionChangedPayload {
  return {
    userId: String(u._id),
    subscriptionStatus: u.subscriptionStatus as SubscriptionChangedPayload['subscriptionStatus'],
    subscriptionPlan: u.subscriptionPlan ?? null,
    subscriptionExpiresAt: u.subscriptionExpiresAt ? u.subscriptionExpiresAt.toISOString() : null,
    reason,
  };
}

/**
 * Call 29: the plan must be the caller's type + '_basic' or '_pro'. The payment provider is asked first; when it
 * has taken payment the subscription is active for one month from now (an earlier plan is replaced).
 */
export async function activateSubscription(
  user: UserDoc,
  input: unknown,
): Promise<ActivateSubscriptionResult> {
  const { plan: planId } = parse(activateSubscriptionSchema, input);
  const actor = toActor(user);
  const allowed = [`${user.userType}_basic`, `${user.userType}_pro`];
  const plan = findPlan(planId);
  if (!plan || !allowed.includes(planId)) {
    throw badRequest(
      can(actor, 'subscription:activate')
        ? `plan: must be ${allowed.join(' or ')}`
        : 'plan: subscriptions are available to carrier, shipper, broker and air cargo accounts',
    );
  }
  const at = now();
  const payment = await paymentProvider().charge({
    user: { id: user.id, email: user.email, stripeCustomerId: user.stripeCustomerId ?? null },
    plan,
    now: at,
  });
  if (payment.status === 'failed') throw new AppError('CONFLICT', payment.message);
  if (payment.status === 'requires_action') {
    return { status: 'requires_action', redirectUrl: payment.redirectUrl, user: toUserDto(user) };
  }
  const updated = await UserModel.findByIdAndUpdate(
    user._id,
    {
      $set: {
        subscriptionStatus: 'active',
        subscriptionPlan: plan.id,
        subscriptionExpiresAt: addOneMonth(at),
        ...(payment.customerId ? { stripeCustomerId: payment.customerId } : {}),
        ...(payment.subscriptionId ? { stripeSubscriptionId: payment.subscriptionId } : {}),
      },
    },
    { new: true },
  );
  if (!updated) throw new AppError('NOT_FOUND', 'User not found');
  publish('subscription:changed', rooms.user(updated.id), changedPayload(updated, 'activated'));
  await notify({
    userId: updated.id,
    kind: 'subscription',
    title: `${plan.name} activated`,
    body: `Your ${plan.name} subscription is active until ${updated.subscriptionExpiresAt?.toLocaleDateString('en-US', { timeZone: 'UTC' })}.`,
    link: '/subscribe',
  });
  return { status: 'active', redirectUrl: null, user: toUserDto(updated) };
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
    used: metric ? await countUsage(actor.id, metric, at) : 0,
    limit: active && plan?.limit ? plan.limit.perMonth : null,
  };
}

/**
 * The expiry job: every active subscription whose date has passed becomes inactive (conditional update, so a
 * renewal that lands meanwhile wins), then `subscription:changed` goes to the user and a notification is queued.
 */
export async function expireSubscriptions(at: Date = now()): Promise<string[]> {
  const due = await UserModel.find(
    { subscriptionStatus: 'active', subscriptionExpiresAt: { $ne: null, $lte: at } },
    { _id: 1 },
  ).lean();
  const expired: string[] = [];
  for (const { _id } of due) {
    const updated = await UserModel.findOneAndUpdate(
      { _id, subscriptionStatus: 'active', subscriptionExpiresAt: { $ne: null, $lte: at } },
      { $set: { subscriptionStatus: 'inactive' } },
      { new: true },
    ).lean();
    if (!updated) continue;
    const id = String(updated._id);
    expired.push(id);
    publish('subscription:changed', rooms.user(id), changedPayload(updated, 'expired'));
    await notify({
      userId: id,
      kind: 'subscription',
      title: 'Subscription expired',
      body: `Your ${planDisplayName(updated.subscriptionPlan)} subscription has expired. Renew it to keep access to gated features.`,
      link: '/subscribe',
      dedupeKey: `subscription-expired:${id}-${updated.subscriptionExpiresAt?.getTime()}`,
    });
  }
  return expired;
}
