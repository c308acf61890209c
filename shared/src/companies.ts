import type { UserType } from './enums';

/**
 * Company accounts (issue 28): the company owns the business (numbers, documents, verification, plan, loads and the
 * rest); people are its members, one company per person, each with one role.
 */
export const COMPANY_ROLES = ['owner', 'admin', 'dispatcher', 'driver', 'accounting', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  dispatcher: 'Dispatcher',
  driver: 'Driver',
  accounting: 'Accounting',
  viewer: 'Viewer',
};

/** Roles an owner or admin may give by invitation or role change (ownership moves only by transfer). */
export const INVITABLE_COMPANY_ROLES = ['admin', 'dispatcher', 'driver', 'accounting', 'viewer'] as const;
export type InvitableCompanyRole = (typeof INVITABLE_COMPANY_ROLES)[number];

/** Seats (members, owner included) by plan: Basic plans and no plan, 3; Pro plans, 50. */
export const SEATS_BASIC = 3;
export const SEATS_PRO = 50;

/** A company invitation is good for seven days. */
export const COMPANY_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface CompanyDto {
  id: string;
  name: string;
  type: UserType | null;
  mcNumber: string | null;
  usdotNumber: string | null;
  isVerified: boolean;
  subscriptionPlan: string | null;
  seats: { used: number; limit: number };
  createdAt: string;
}

export interface TeamMemberDto {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: CompanyRole;
  lastActiveAt: string | null;
  joinedAt: string;
}

export type TeamInvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

export interface TeamInvitationDto {
  id: string;
  email: string;
  role: InvitableCompanyRole;
  status: TeamInvitationStatus;
  invitedBy: { id: string; name: string };
  expiresAt: string;
  createdAt: string;
}
