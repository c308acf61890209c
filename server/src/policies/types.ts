import type { CompanyRole, UserType } from '@freight/shared';

/** Who is acting: the signed-in user as the policies see it. */
export interface Actor {
  id: string;
  userType: UserType | null;
  isVerified: boolean;
  /** The email is proven (issue 27): posting, booking and offering need it. */
  emailVerified: boolean;
  subscriptionStatus: string;
  subscriptionPlan: string | null;
  subscriptionExpiresAt: Date | null;
  /** The company the person acts for (issue 28); null: an account from before companies, acting alone. */
  companyId: string | null;
  /** Their role in it (null with no company: as its owner). */
  companyRole: CompanyRole | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Rule = (actor: Actor, resource?: any) => boolean;
