import { AUTHORITY_USER_TYPES, type UserType } from '@freight/shared';
import { managesAccount } from './companies';
import type { Actor } from './types';

export const userPolicies = {
  /** Admin is never self-assignable: no user may set their own type to admin. */
  'user:setup': (actor: Actor, targetType?: string) =>
    targetType !== 'admin' && actor.userType !== 'admin' && managesAccount(actor),
  'admin:access': (actor: Actor) => actor.userType === 'admin',
  /** MC and USDOT numbers belong to the types FMCSA registers. */
  'user:setAuthority': (actor: Actor) =>
    AUTHORITY_USER_TYPES.includes(actor.userType as UserType) && managesAccount(actor),
};
