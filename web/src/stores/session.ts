import { type LoginInput, type RegisterInput, type SetupInput, type UserDto } from '@freight/shared';
import { apiRequest, errorStatus } from '../lib/api';
import { SESSION_PATH, hasSignedInMarker } from '../lib/earlyRequests';
import { createItemStore } from '../lib/resourceStore';
import { LOGOUT_URL } from '../lib/redirects';
import { connectSocket, disconnectSocket } from '../lib/socket';

interface SessionActions {
  /** 'twoFactor': the password was right and the account asks for its second factor (loginSecondFactor). */
  login: (input: LoginInput) => Promise<'signedIn' | 'twoFactor'>;
  /** The code step of a sign-in with two-factor sign-in on (issue 27). */
  loginSecondFactor: (code: string) => Promise<void>;
  /** Creates the account (201); it does not sign in. */
  register: (input: RegisterInput) => Promise<void>;
  setup: (input: SetupInput) => Promise<void>;
  /** Browser redirect: the server ends the session and sends the browser to /. */
  logout: () => void;
  /** Follows the server's pushes about the signed-in user (isVerified, plan), so every screen reading it changes live. */
  patchUser: (changes: Partial<UserDto>) => void;
}

/**
 * The signed-in user (GET /api/auth/user), loaded from start-up: `user` null once loaded means signed out (a 401 is
 * not an error; SPEC §7 #1: any other failure is). The socket is connected while someone is signed in. Reloaded after
 * a reconnect (a plan change missed meanwhile); pushes patch it (socketRoutes).
 */
export const useSessionStore = createItemStore<UserDto, 'user', SessionActions>({
  name: 'the current user',
  field: 'user',
  // Without the marker the visitor is signed out from the first render, which is what the prerendered public pages
  // show (issue 24); with it the app asks the server first.
  initialStatus: hasSignedInMarker() ? 'loading' : 'loaded',
  fetch: async () => {
    // No session in this browser: signed out without asking (the 401 would log as a console error).
    if (!hasSignedInMarker()) return null;
    try {
      return await apiRequest<UserDto>('GET', SESSION_PATH, undefined, { expectsSession: false });
    } catch (err) {
      if (errorStatus(err) === 401) return null;
      throw err;
    }
  },
  settled: (user) => (user ? connectSocket() : disconnectSocket()),
  extend: (_set, get) => ({
    login: async (input) => {
      const answer = await apiRequest<{ twoFactorRequired?: boolean }>('POST', '/api/auth/login', input, {
        expectsSession: false,
      });
      return answer?.twoFactorRequired ? 'twoFactor' : 'signedIn';
    },
    loginSecondFactor: async (code) => {
      await apiRequest<unknown>('POST', '/api/auth/login/2fa', { code }, { expectsSession: false });
    },
    register: async (input) => {
      await apiRequest<unknown>('POST', '/api/auth/register', input);
    },
    setup: async (input) => {
      await apiRequest<unknown>('POST', '/api/users/setup', input);
    },
    logout: () => {
      disconnectSocket();
      // Logging out is a POST (issue 25); the spec's GET /api/logout is the fallback if it cannot be sent.
      void fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' }).then(
        (res) => {
          window.location.href = res.ok ? '/' : LOGOUT_URL;
        },
        () => {
          window.location.href = LOGOUT_URL;
        },
      );
    },
    patchUser: (changes) => get().patch(changes),
  }),
});

/** The signed-in user; only call where the route guarantees one. */
export function useCurrentUser(): UserDto | null {
  return useSessionStore((s) => s.user);
}
