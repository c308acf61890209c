import type { CompanyRole } from '@freight/shared';
import { roleOf } from './companies';
import type { Actor, Rule } from './types';

/**
 * The team of a company (issue 28). The actor is read inside the company's lease by the writes (a role can change
 * between the request's start and its turn); the resource is the company acted on and the member acted on.
 */
export interface TeamResource {
  companyId: string;
  target?: { id: string; role: CompanyRole };
}

const inCompany = (actor: Actor, r: TeamResource) =>
  actor.companyId !== null && actor.companyId === r.companyId;
const manages = (actor: Actor, r: TeamResource) =>
  inCompany(actor, r) && (roleOf(actor) === 'owner' || roleOf(actor) === 'admin');
const isSelf = (actor: Actor, r: TeamResource) => r.target?.id === actor.id;
/** The company's owner (the one who may transfer it). */
export const ownsCompany = (actor: Actor, r: TeamResource) =>
  inCompany(actor, r) && roleOf(actor) === 'owner';

export const teamPolicies = {
  /** Every member sees the team. */
  'team:view': (actor: Actor, r: TeamResource) => inCompany(actor, r),
  /** Owners and admins invite, send again and revoke. */
  'team:invite': (actor: Actor, r: TeamResource) => manages(actor, r),
  /** Owners and admins change another member's role; nobody changes the owner's (only a transfer moves it). */
  'team:changeRole': (actor: Actor, r: TeamResource) =>
    manages(actor, r) && !!r.target && r.target.role !== 'owner' && !isSelf(actor, r),
  /** Owners and admins remove another member, never the owner. */
  'team:remove': (actor: Actor, r: TeamResource) =>
    manages(actor, r) && !!r.target && r.target.role !== 'owner' && !isSelf(actor, r),
  /** The owner hands the company to another member. */
  'team:transfer': (actor: Actor, r: TeamResource) =>
    ownsCompany(actor, r) && !!r.target && !isSelf(actor, r),
  /** Everyone but the owner may leave (the owner transfers ownership first). */
  'team:leave': (actor: Actor, r: TeamResource) => inCompany(actor, r) && roleOf(actor) !== 'owner',
} satisfies Record<string, Rule>;
