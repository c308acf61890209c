import type { CompanyRole } from '@freight/shared';
import type { Actor } from './types';

/**
 * Company accounts (issue 28): who may do what by role. Owners, admins and dispatchers act on loads (post, book,
 * offer, review requests, chat, track); accounting and viewers read (accounting also reads documents, rate
 * confirmations and proofs of delivery); a driver sees only the loads assigned to them (`drives`, issue 29), in lists
 * too (`load:list`, issue 51). Account-level actions (documents, plan, type, numbers) are the owner's and admins'.
 */
export const LOAD_ACTORS: readonly CompanyRole[] = ['owner', 'admin', 'dispatcher'];
export const LOAD_READERS: readonly CompanyRole[] = ['owner', 'admin', 'dispatcher', 'accounting', 'viewer'];
export const PAPER_READERS: readonly CompanyRole[] = ['owner', 'admin', 'dispatcher', 'accounting'];
export const ACCOUNT_MANAGERS: readonly CompanyRole[] = ['owner', 'admin'];
/** Compliance documents: the account managers, and accounting (reads). */
export const COMPLIANCE_READERS: readonly CompanyRole[] = ['owner', 'admin', 'accounting'];

/** The actor's role; an account not in a company yet acts alone, as its owner. */
export const roleOf = (actor: Actor): CompanyRole => actor.companyRole ?? 'owner';
export const hasRole = (actor: Actor, roles: readonly CompanyRole[]) => roles.includes(roleOf(actor));
export const actsOnLoads = (actor: Actor) => hasRole(actor, LOAD_ACTORS);
export const readsLoads = (actor: Actor) => hasRole(actor, LOAD_READERS);
export const managesAccount = (actor: Actor) => hasRole(actor, ACCOUNT_MANAGERS);
/** API keys and webhooks (issue 30): a company's owners and admins; platform administrators hold none. */
export const managesIntegrations = (actor: Actor) => actor.userType !== 'admin' && managesAccount(actor);

/**
 * Whether the actor is this party of an object: a member of the party's company (the object's company id beside the
 * person's id), or, where either side has no company yet (data from before the migration), the person themselves.
 */
export function isParty(actor: Actor, personId: unknown, companyId?: unknown): boolean {
  if (actor.companyId && companyId != null) return String(companyId) === actor.companyId;
  return personId != null && String(personId) === actor.id;
}
