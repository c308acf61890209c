/** Browser redirects to the server's sign-in and sign-out (SPEC §2). */
export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';

export function goToProviderLogin(): void {
  window.location.href = LOGIN_URL;
}
