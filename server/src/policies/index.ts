import { forbidden, notFound } from '../http/errors';
import type { Actor, Rule } from './types';
import { backgroundChecksPolicies } from './backgroundChecks';
import { documentsPolicies } from './documents';
import { driverRoutesPolicies } from './driverRoutes';
import { fleetPolicies } from './fleet';
import { freightPolicies } from './freight';
import { invoicesPolicies } from './invoices';
import { loadDocumentsPolicies } from './loadDocuments';
import { ratingsPolicies } from './ratings';
import { shipmentWorkspacePolicies } from './shipmentWorkspace';
import { smallShipmentsPolicies } from './smallShipments';
import { subscriptionsPolicies } from './subscriptions';
import { teamPolicies } from './team';
import { trackingPolicies } from './tracking';
import { truckPostsPolicies } from './truckPosts';
import { userPolicies } from './users';

export type { Actor } from './types';
export { viewerAccountActions } from './account';

/**
 * Every access rule of the product, by action name: "may this actor do this to that". Routes, socket handlers
 * and services all ask here; each feature adds its rules as one object (Outline's server/policies is the model).
 */
export const policies = {
  ...userPolicies,
  ...documentsPolicies,
  ...freightPolicies,
  ...trackingPolicies,
  ...loadDocumentsPolicies,
  ...subscriptionsPolicies,
  ...smallShipmentsPolicies,
  ...driverRoutesPolicies,
  ...backgroundChecksPolicies,
  ...shipmentWorkspacePolicies,
  ...teamPolicies,
  ...truckPostsPolicies,
  ...fleetPolicies,
  ...ratingsPolicies,
  ...invoicesPolicies,
} satisfies Record<string, Rule>;

export type Action = keyof typeof policies;
type ResourceOf<A extends Action> = Parameters<(typeof policies)[A]>[1];

export function can<A extends Action>(
  actor: Actor | null | undefined,
  action: A,
  resource?: ResourceOf<A>,
): boolean {
  if (!actor) return false;
  return (policies[action] as Rule)(actor, resource);
}

/**
 * Throws 403 (or 404 with `hide: true`, for resources whose very existence must not leak) unless allowed.
 */
export function authorize<A extends Action>(
  actor: Actor | null | undefined,
  action: A,
  resource?: ResourceOf<A>,
  opts: { hide?: boolean; message?: string } = {},
): void {
  if (can(actor, action, resource)) return;
  throw opts.hide ? notFound(opts.message) : forbidden(opts.message);
}

/** Maps a user document to the policies' view of it. */
export function toActor(u: {
  _id: unknown;
  userType?: string | null;
  isVerified?: boolean;
  emailVerified?: boolean | null;
  subscriptionStatus?: string;
  subscriptionPlan?: string | null;
  subscriptionExpiresAt?: Date | null;
  companyId?: unknown;
  companyRole?: string | null;
}): Actor {
  return {
    id: String(u._id),
    userType: (u.userType ?? null) as Actor['userType'],
    isVerified: Boolean(u.isVerified),
    emailVerified: u.emailVerified !== false,
    subscriptionStatus: u.subscriptionStatus ?? 'inactive',
    subscriptionPlan: u.subscriptionPlan ?? null,
    subscriptionExpiresAt: u.subscriptionExpiresAt ?? null,
    companyId: u.companyId ? String(u.companyId) : null,
    companyRole: (u.companyRole ?? null) as Actor['companyRole'],
  };
}
