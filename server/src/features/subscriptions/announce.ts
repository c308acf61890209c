import {
  planDisplayName,
  rooms,
  type SubscriptionChangedPayload,
  type SubscriptionPlan,
} from '@freight/shared';
import { iso } from '../../http/dto';
import { publish } from '../../realtime/publish';
import { notify } from '../notifications/service';
import type { User } from '../users/model';

type Subscriber = Pick<
  User,
  'subscriptionStatus' | 'subscriptionPlan' | 'subscriptionExpiresAt' | 'subscriptionCanceledAt'
> & {
  _id: unknown;
};

function pushChanged(u: Subscriber, reason: SubscriptionChangedPayload['reason']): void {
  const userId = String(u._id);
  publish('subscription:changed', rooms.user(userId), {
    userId,
    subscriptionStatus: u.subscriptionStatus as SubscriptionChangedPayload['subscriptionStatus'],
    subscriptionPlan: u.subscriptionPlan ?? null,
    subscriptionExpiresAt: iso(u.subscriptionExpiresAt),
    subscriptionCanceledAt: iso(u.subscriptionCanceledAt),
    reason,
  });
}

export async function announceSubscriptionActivated(user: Subscriber, plan: SubscriptionPlan): Promise<void> {
  pushChanged(user, 'activated');
  await notify({
    userId: String(user._id),
    kind: 'subscription',
    title: `${plan.name} activated`,
    body: `Your ${plan.name} subscription is active until ${user.subscriptionExpiresAt?.toLocaleDateString('en-US', { timeZone: 'UTC' })}.`,
    link: '/subscribe',
  });
}

export async function announceSubscriptionCanceled(user: Subscriber): Promise<void> {
  pushChanged(user, 'canceled');
  await notify({
    userId: String(user._id),
    kind: 'subscription',
    title: 'Subscription canceled',
    body: `Your ${planDisplayName(user.subscriptionPlan)} subscription stays active until ${user.subscriptionExpiresAt?.toLocaleDateString('en-US', { timeZone: 'UTC' })} and will not renew.`,
    link: '/subscribe',
  });
}

export async function announceSubscriptionExpired(user: Subscriber): Promise<void> {
  pushChanged(user, 'expired');
  const userId = String(user._id);
  await notify({
    userId,
    kind: 'subscription',
    title: 'Subscription expired',
    body: `Your ${planDisplayName(user.subscriptionPlan)} subscription has expired. Renew it to keep access to gated features.`,
    link: '/subscribe',
    dedupeKey: `subscription-expired:${userId}-${user.subscriptionExpiresAt?.getTime()}`,
  });
}
