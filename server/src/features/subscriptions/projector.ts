import type { SubscriptionChangedPayload } from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { publish } from '../../realtime/publish';
import { notify } from '../notifications/service';
import { partyRooms } from '../companies/rooms';

// What the subscriptions feature tells people (issue 26): the user's screens live, and a notification, per fact.

const REASONS = {
  'subscription.activated': 'activated',
  'subscription.canceled': 'canceled',
  'subscription.expired': 'expired',
} as const satisfies Record<string, SubscriptionChangedPayload['reason']>;

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { timeZone: 'UTC' }) : undefined;

export const subscriptionsProjector = registerProjector({
  name: 'subscriptions',
  applicableEvents: ['subscription.activated', 'subscription.canceled', 'subscription.expired'],
  async handle(event) {
    if (
      event.name !== 'subscription.activated' &&
      event.name !== 'subscription.canceled' &&
      event.name !== 'subscription.expired'
    )
      return;
    const { subscription, planName } = event.data;
    const { userId } = subscription;
    publish('subscription:changed', await partyRooms([userId]), {
      ...subscription,
      reason: REASONS[event.name],
    });
    if (event.name === 'subscription.activated') {
      await notify({
        userId,
        kind: 'subscription',
        title: `${planName} activated`,
        body: `Your ${planName} subscription is active until ${day(subscription.subscriptionExpiresAt)}.`,
        link: '/subscribe',
        dedupeKey: `${event.id}-${userId}`,
      });
    } else if (event.name === 'subscription.canceled') {
      await notify({
        userId,
        kind: 'subscription',
        title: 'Subscription canceled',
        body: `Your ${planName} subscription stays active until ${day(subscription.subscriptionExpiresAt)} and will not renew.`,
        link: '/subscribe',
        dedupeKey: `${event.id}-${userId}`,
      });
    } else {
      await notify({
        userId,
        kind: 'subscription',
        title: 'Subscription expired',
        body: `Your ${planName} subscription has expired. Renew it to keep access to gated features.`,
        link: '/subscribe',
        // As before the log: one per user and period (the fact's key is the same pair).
        dedupeKey: `subscription-expired:${userId}-${new Date(subscription.subscriptionExpiresAt!).getTime()}`,
      });
    }
  },
});
