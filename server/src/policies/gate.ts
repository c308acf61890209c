// The subscription gate on the server (SPEC §2 Subscription gate, §5 plan check): the 'feature:use' rule with the
// 403 that names the plan; gated calls (the air freight marketplace: listing, posting and booking air cargo) call it.
import { GATED_FEATURES, gateVerdict, neededPlanText } from '@freight/shared';
import { forbidden } from '../http/errors';
import { now } from '../infra/clock';
import { can, type Actor } from './index';

export type GatedFeature = 'air_freight';

/** The 403 text: names the feature and the plan needed ('… needs an active Carrier Basic or Carrier Pro plan'). */
export function gateMessage(actor: Actor, feature: GatedFeature, at: Date = now()): string | null {
  const { label, requiredTier } = GATED_FEATURES[feature];
  const verdict = gateVerdict(actor, requiredTier, at);
  if (verdict === 'allowed') return null;
  const plans = neededPlanText(actor.userType, requiredTier);
  return verdict === 'subscription_required'
    ? `Subscription Required: the ${label} needs an active ${plans} plan. Choose one at /subscribe.`
    : `Upgrade Required: the ${label} needs the ${plans} plan. Upgrade at /subscribe.`;
}

/** Throws 403 naming the needed plan unless the actor has an active, sufficient subscription (admins pass). */
export async function assertFeatureAccess(actor: Actor, feature: GatedFeature): Promise<void> {
  const at = now();
  if (can(actor, 'feature:use', { feature, at })) return;
  throw forbidden(gateMessage(actor, feature, at) ?? 'Subscription Required');
}
