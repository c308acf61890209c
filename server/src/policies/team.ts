import type { CompanyRole } from '@freight/shared';
import type { Actor, Rule } from './types';

/**
 * The team of a company (issue 28). The resource carries the viewer's membership as read inside the company's lease
 * (a role can change between the request's start and its turn), the company acted on, and the member acted on.
 */
export interface TeamResource {
  companyId: string;
  viewer: { companyId: string | null; role: CompanyRole | null };
  target?: { id: string; role: CompanyRole };
}

const inCompany = (r: TeamResource) => r.viewer.companyId !== null && r.viewer.companyId === r.companyId;
const manages = (r: TeamResource) => inCompany(r) && (r.viewer.role === 'owner' || r.viewer.role === 'admin');
const isSelf = (actor: Actor, r: TeamResource) => r.target?.id === actor.id;

export const teamPolicies = {
  /** Every member sees the team. */
  'team:view': (_actor: Actor, r: TeamResource) => inCompany(r),
  /** Owners and admins invite, send again and revoke. */
  'team:invite': (_actor: Actor, r: TeamResource) => manages(r),
  /** Owners and admins change another member's role; nobody changes the owner's (only a transfer moves it). */
  'team:changeRole': (actor: Actor, r: TeamResource) =>
    manages(r) && !!r.target && r.target.role !== 'owner' && !isSelf(actor, r),
  /** Owners and admins remove another member, never the owner. */
  'team:remove': (actor: Actor, r: TeamResource) =>
    manages(r) && !!r.target && r.target.role !== 'owner' && !isSelf(actor, r),
  /** The owner hands the company to another member. */
  'team:transfer': (actor: Actor, r: TeamResource) =>
    inCompany(r) && r.viewer.role === 'owner' && !!r.target && !isSelf(actor, r),
  /** Everyone but the owner may leave (the owner transfers ownership first). */
  'team:leave': (_actor: Actor, r: TeamResource) => inCompany(r) && r.viewer.role !== 'owner',
} satisfies Record<string, Rule>;
