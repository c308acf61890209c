import { safeReturnTo } from '@freight/shared';
import { create } from '../../lib/createStore';

export type AuthModalView = 'login' | 'register' | 'forgot' | null;

interface AuthModalState {
  view: AuthModalView;
  /** Pre-filled into the login form after a registration. */
  loginEmail: string;
  /**
   * Where a successful sign-in goes (issue 23): a safe same-origin path carried from /api/login (`returnTo`).
   * Null: the page reloads where it is, so a dialog opened on the board or a deep link returns to that page.
   */
  returnTo: string | null;
  openLogin: (email?: string) => void;
  openRegister: () => void;
  /** "Forgot password?" (issue 27), with the email typed so far. */
  openForgot: (email?: string) => void;
  close: () => void;
  /** Keeps `returnTo` only when it is a path on this site (never an open redirect). */
  setReturnTo: (returnTo: string | null) => void;
}

/** Which of the sign-in and register modals is open (SPEC §4: they toggle between each other). */
export const useAuthModalStore = create<AuthModalState>((set) => ({
  view: null,
  loginEmail: '',
  returnTo: null,
  openLogin: (email) => set((s) => ({ view: 'login', loginEmail: email ?? s.loginEmail })),
  openRegister: () => set({ view: 'register' }),
  openForgot: (email) => set((s) => ({ view: 'forgot', loginEmail: email ?? s.loginEmail })),
  close: () => set({ view: null }),
  setReturnTo: (returnTo) => set({ returnTo: safeReturnTo(returnTo) }),
}));

/** After signing in: to `returnTo` when one was carried here, else the same page again (SPEC §2: login reloads). */
export function continueAfterSignIn(): void {
  const returnTo = safeReturnTo(useAuthModalStore.getState().returnTo);
  if (returnTo) window.location.assign(returnTo);
  else window.location.reload();
}
