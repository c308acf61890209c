import { GATED_FEATURES, gateVerdict, isPlanUserType, type GatedFeatureName } from '@freight/shared';
import { managesAccount } from './companies';
import type { Actor, Rule } from './types';

/** Subscriptions and the gate. */
export const subscriptionsPolicies = {
  /** Only the four plan types can buy their own plans (POST /api/subscriptions/activate). */
  'subscription:activate': (actor: Actor) => isPlanUserType(actor.userType) && managesAccount(actor),
  /** The same types cancel their own plan (POST /api/subscriptions/cancel); nobody cancels another's. */
  'subscription:cancel': (actor: Actor) => isPlanUserType(actor.userType) && managesAccount(actor),
  /** SPEC §2/§4 gate: admins bypass; otherwise an active subscription whose plan satisfies the feature's tier. */
  'feature:use': (actor: Actor, use: { feature: GatedFeatureName; at: Date }) =>
    gateVerdict(actor, GATED_FEATURES[use.feature].requiredTier, use.at) === 'allowed',
} satisfies Record<string, Rule>;
