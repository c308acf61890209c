import type { Actor, Rule } from './types';
import { actsOnLoads, isParty, readsLoads } from './companies';

/** A small shipment seen from its workspace: its customer and, once matched, its driver (plain ids). */
interface WorkspaceParties {
  shipperId: unknown;
  shipperCompanyId?: unknown;
  driverId: unknown;
  driverCompanyId?: unknown;
}

const isCustomer = (actor: Actor, s: WorkspaceParties) => isParty(actor, s.shipperId, s.shipperCompanyId);
const isMatchedDriver = (actor: Actor, s: WorkspaceParties) =>
  s.driverId != null && isParty(actor, s.driverId, s.driverCompanyId);

/**
 * A small shipment's workspace (issue 23 item 4): its customer, its matched driver, and admins (who read). Everyone
 * else, other drivers included, is told it does not exist (404).
 */
export const shipmentWorkspacePolicies = {
  'shipmentWorkspace:view': (actor: Actor, s: WorkspaceParties) =>
    actor.userType === 'admin' || (readsLoads(actor) && (isCustomer(actor, s) || isMatchedDriver(actor, s))),
  /** The shipments the company carries (their addresses included): the roles that read a workspace. */
  'shipmentWorkspace:list': (actor: Actor) => readsLoads(actor),
  /** Chat and photos: the two sides only. */
  'shipmentWorkspace:write': (actor: Actor, s: WorkspaceParties) =>
    actsOnLoads(actor) && (isCustomer(actor, s) || isMatchedDriver(actor, s)),
  /** Picked up, Delivered: the matched driver only. */
  'shipmentWorkspace:report': (actor: Actor, s: WorkspaceParties) =>
    actsOnLoads(actor) && isMatchedDriver(actor, s),
} satisfies Record<string, Rule>;
