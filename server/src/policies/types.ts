import type { UserType } from '@freight/shared';

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
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Rule = (actor: Actor, resource?: any) => boolean;
