import { safeReturnTo } from '@freight/shared';

/** Browser redirects to the server's sign-in and sign-out (SPEC §2). */
export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';

export function goToProviderLogin(): void {
  window.location.href = LOGIN_URL;
}

/**
 * /api/login carrying where the visitor is (issue 23), so sign-in brings them back: the current path, query and hash
 * when they are a safe same-origin path other than the home page.
 */
export function loginUrlReturningTo(here: { pathname?: string; search?: string; hash?: string }): string {
  const returnTo = here.pathname
    ? safeReturnTo(`${here.pathname}${here.search ?? ''}${here.hash ?? ''}`)
    : null;
  return returnTo && returnTo !== '/' ? `${LOGIN_URL}?returnTo=${encodeURIComponent(returnTo)}` : LOGIN_URL;
}
