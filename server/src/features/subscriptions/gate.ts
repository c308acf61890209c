// Contract: the subscription gate on the server (SPEC §2 Subscription gate, §5 plan check). The subscriptions
// feature implements it; gated calls (the air freight marketplace: listing, posting and booking air cargo) call it.
import type { Actor } from '../../policies';

export type GatedFeature = 'air_freight';

/** Throws 403 naming the needed plan unless the actor has an active, sufficient subscription (admins pass). */
export async function assertFeatureAccess(_actor: Actor, _feature: GatedFeature): Promise<void> {
  // implemented by the subscriptions feature
}
