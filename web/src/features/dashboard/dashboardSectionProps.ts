import type { UserDto, UserType } from '@freight/shared';

/** A signed-in user who has finished account setup. */
export type SetUpUser = UserDto & { userType: UserType };

/** What every dashboard section receives. */
export interface DashboardSectionProps {
  user: SetUpUser;
  /** Opens the account setup form as 'Change Account Type'. */
  openAccountSetup: () => void;
}
