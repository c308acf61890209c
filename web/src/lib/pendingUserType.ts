import type { UserType } from '@freight/shared';

/** The account type chosen on the landing page before signing in (SPEC §2, §4), kept in localStorage. */
export const PENDING_USER_TYPE_KEY = 'pendingUserType';

export function storePendingUserType(userType: UserType): void {
  try {
    localStorage.setItem(PENDING_USER_TYPE_KEY, userType);
  } catch {
    // storage unavailable (private mode): the choice is simply not remembered
  }
}

/** The stored pending type if it is one of `allowed`, else null. */
export function readPendingUserType<T extends UserType>(allowed: readonly T[]): T | null {
  try {
    const value = localStorage.getItem(PENDING_USER_TYPE_KEY);
    return value && (allowed as readonly string[]).includes(value) ? (value as T) : null;
  } catch {
    return null;
  }
}

export function clearPendingUserType(): void {
  try {
    localStorage.removeItem(PENDING_USER_TYPE_KEY);
  } catch {
    // nothing to clear
  }
}
