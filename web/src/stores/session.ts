import { create } from 'zustand';
import {
  SIGNED_IN_COOKIE,
  type LoginInput,
  type RegisterInput,
  type SetupInput,
  type UserDto,
} from '@freight/shared';
import { apiRequest, errorStatus } from '../lib/api';
import { LOGOUT_URL } from '../lib/redirects';
import { connectSocket, disconnectSocket } from '../lib/socket';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

interface SessionState {
  user: UserDto | null;
  status: SessionStatus;
  /** A failure other than 401 while loading the user (SPEC §7 #1: such failures are errors). */
  error: string | null;
  /** GET /api/auth/user: 401 means signed out, not an error. */
  load: () => Promise<void>;
  /** 'twoFactor': the password was right and the account asks for its second factor (loginSecondFactor). */
  login: (input: LoginInput) => Promise<'signedIn' | 'twoFactor'>;
  /** The code step of a sign-in with two-factor sign-in on (issue 27). */
  loginSecondFactor: (code: string) => Promise<void>;
  /** Creates the account (201); it does not sign in. */
  register: (input: RegisterInput) => Promise<void>;
  setup: (input: SetupInput) => Promise<void>;
  /** Browser redirect: the server ends the session and sends the browser to /. */
  logout: () => void;
  /** Reads the signed-in user again (a change missed while the socket was down); nothing when signed out. */
  refetch: () => Promise<void>;
  /** Follows the server's pushes about the signed-in user (isVerified, plan), so every screen reading it changes live. */
  patchUser: (changes: Partial<UserDto>) => void;
}

/** The server's marker cookie: this browser has a session, so the app asks who it is. */
export function hasSignedInMarker(): boolean {
  if (typeof document === 'undefined') return false; // the prerender at build time: a signed-out visitor
  return document.cookie.split(/;\s*/).includes(`${SIGNED_IN_COOKIE}=1`);
}

export const useSessionStore = create<SessionState>((set, get) => ({
  user: null,
  // Without the marker the visitor is signed out from the first render, which is what the prerendered public pages
  // show (issue 24); with it the app asks the server first.
  status: hasSignedInMarker() ? 'loading' : 'signedOut',
  error: null,

  load: async () => {
    if (!hasSignedInMarker()) {
      // No session in this browser: signed out without asking (the 401 would log as a console error).
      set({ user: null, status: 'signedOut', error: null });
      disconnectSocket();
      return;
    }
    try {
      const user = await apiRequest<UserDto>('GET', '/api/auth/user', undefined, { expectsSession: false });
      set({ user, status: 'signedIn', error: null });
      connectSocket();
    } catch (err) {
      const status = errorStatus(err);
      if (status !== 401) console.error('Loading the current user failed', err);
      set({ user: null, status: 'signedOut', error: status === 401 ? null : String(err) });
      disconnectSocket();
    }
  },

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

  refetch: async () => {
    if (!get().user) return;
    try {
      set({ user: await apiRequest<UserDto>('GET', '/api/auth/user') });
    } catch {
      // the next push or page load brings the user
    }
  },

  patchUser: (changes) => set((s) => (s.user ? { user: { ...s.user, ...changes } } : s)),
}));

/** The signed-in user; only call where the route guarantees one. */
export function useCurrentUser(): UserDto | null {
  return useSessionStore((s) => s.user);
}
