import type { TruckPostViewerActions } from '@freight/shared';
import type { Actor, Rule } from './types';
import { actsOnLoads, isParty, readsLoads } from './companies';

interface TruckPostRef {
  carrierId: unknown;
  carrierCompanyId?: unknown;
  status?: string;
}

/** Who searches posted trucks and offers them loads: the ones who post loads. */
const postsLoads = (actor: Actor) => actor.userType === 'broker' || actor.userType === 'shipper';

/**
 * Posted trucks (issue 29, item 6): a carrier company's owner, admins and dispatchers post and manage its trucks;
 * brokers and shippers (any reading role) search them, and those who act on loads offer them a load.
 */
export const truckPostsPolicies = {
  'truckPost:post': (actor: Actor) => actsOnLoads(actor) && actor.userType === 'carrier',
  /** Edit and withdraw: the posting carrier's company (anyone else: 404). */
  'truckPost:manage': (actor: Actor, post: TruckPostRef) =>
    actsOnLoads(actor) &&
    actor.userType === 'carrier' &&
    isParty(actor, post.carrierId, post.carrierCompanyId),
  /** My Truck Posts: every reading role of a carrier company. */
  'truckPost:listOwn': (actor: Actor) => readsLoads(actor) && actor.userType === 'carrier',
  /** Read one's own posts (every reading role of the carrier company). */
  'truckPost:readOwn': (actor: Actor, post: TruckPostRef) =>
    readsLoads(actor) && isParty(actor, post.carrierId, post.carrierCompanyId),
  'truckPost:search': (actor: Actor) =>
    actor.userType === 'admin' || (readsLoads(actor) && postsLoads(actor)),
  'truckPost:offerLoad': (actor: Actor) => actsOnLoads(actor) && postsLoads(actor),
} satisfies Record<string, Rule>;

export function viewerTruckPostActions(actor: Actor | null, post: TruckPostRef): TruckPostViewerActions {
  if (!actor || post.status !== 'active') return {};
  const manage = truckPostsPolicies['truckPost:manage'](actor, post);
  return {
    ...(manage && { edit: true as const, withdraw: true as const }),
    ...(truckPostsPolicies['truckPost:offerLoad'](actor) && actor.isVerified && { offerLoad: true as const }),
  };
}
