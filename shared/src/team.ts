import { z } from 'zod';
import {
  INVITABLE_COMPANY_ROLES,
  SEATS_BASIC,
  SEATS_PRO,
  type CompanyDto,
  type CompanyRole,
  type InvitableCompanyRole,
  type TeamInvitationDto,
  type TeamMemberDto,
} from './companies';
import type { UserType } from './enums';

/** The Team page (issue 28): a company's members, invitations and seats, and what the viewer may do. */

/** What the viewer may do to the company as a whole (server-computed; the web shows buttons from these). */
export interface TeamViewerActions {
  invite: boolean;
  /** Leave the company (everyone but the owner). */
  leave: boolean;
}

/** What the viewer may do to one member. */
export interface TeamMemberActions {
  changeRole: boolean;
  remove: boolean;
  transfer: boolean;
}

export interface TeamMemberView extends TeamMemberDto {
  /** The viewer themself. */
  isYou: boolean;
  viewerActions: TeamMemberActions;
}

export interface TeamInvitationView extends TeamInvitationDto {
  viewerActions: { resend: boolean; revoke: boolean };
}

export interface TeamDto {
  company: CompanyDto;
  viewerRole: CompanyRole;
  viewerActions: TeamViewerActions;
  members: TeamMemberView[];
  /** Invitations not yet answered (expired ones too, so they can be sent again). */
  invitations: TeamInvitationView[];
}

/** The answer to an invitation made or sent again: the link is shown to the inviter once, to copy. */
export interface TeamInvitationCreatedDto {
  invitation: TeamInvitationView;
  /** `/join/<token>` on this site. */
  link: string;
}

/** What the join screen shows before anyone signs in. */
export interface TeamInvitationPreviewDto {
  companyName: string;
  companyType: UserType | null;
  role: InvitableCompanyRole;
  email: string;
  invitedBy: string;
  expiresAt: string;
}

export const teamInviteSchema = z.object({
  email: z
    .string({ error: 'Enter the email to invite' })
    .trim()
    .toLowerCase()
    .email('Enter a valid email address')
    .max(254, 'Email is too long'),
  role: z.enum(INVITABLE_COMPANY_ROLES, {
    error: `Role must be one of: ${INVITABLE_COMPANY_ROLES.join(', ')}`,
  }),
});
export type TeamInviteInput = z.infer<typeof teamInviteSchema>;

export const teamRoleChangeSchema = z.object({
  role: z.enum(INVITABLE_COMPANY_ROLES, {
    error: `Role must be one of: ${INVITABLE_COMPANY_ROLES.join(', ')} (ownership moves only by transfer)`,
  }),
});

export const teamTransferSchema = z.object({
  userId: z
    .string({ error: 'Choose the member who becomes the owner' })
    .regex(/^[0-9a-f]{24}$/i, { error: 'Choose a member of the company' }),
});

export const objectIdParam = (name: string) =>
  z.object({ [name]: z.string().regex(/^[0-9a-f]{24}$/i, { error: `${name} is not a valid id` }) });

export const invitationTokenParam = z.object({
  token: z
    .string()
    .min(20, 'This invitation link is not valid')
    .max(100, 'This invitation link is not valid')
    .regex(/^[A-Za-z0-9_-]+$/, 'This invitation link is not valid'),
});

/**
 * POST /api/company/invitations/:token/join (issue 39): a person without an account joins from the invitation's link
 * with what the invitation does not know. The email, the account type and the company are the invitation's; the
 * address counts as verified, since the link was mailed to it.
 */
export const joinInvitationSchema = z
  .object({
    firstName: z.string().trim().min(1, 'Required').max(100),
    lastName: z.string().trim().min(1, 'Required').max(100),
    password: z.string().min(8, 'Password must be at least 8 characters').max(200),
    confirmPassword: z.string().min(1, 'Required'),
    phoneNumber: z.string().trim().max(40).optional().default(''),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type JoinInvitationInput = z.input<typeof joinInvitationSchema>;

/** Why a company's screens should read it again (`company:updated`). */
export type CompanyUpdateReason =
  | 'memberJoined'
  | 'memberRemoved'
  | 'memberLeft'
  | 'roleChanged'
  | 'ownershipTransferred'
  | 'invitationSent'
  | 'invitationRevoked';

export interface CompanyUpdatedPayload {
  companyId: string;
  reason: CompanyUpdateReason;
  /** The member the change is about, if any. */
  userId: string | null;
}

export interface CompanyEvents {
  'company:updated': (payload: CompanyUpdatedPayload) => void;
}

/** The seat line of a plan's card (the plan's own features stay as the spec lists them). */
export function planSeatsLine(planId: string): string {
  const seats = planId.includes('pro') ? SEATS_PRO : SEATS_BASIC;
  return `Up to ${seats} team members (owner included)`;
}
