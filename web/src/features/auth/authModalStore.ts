import { create } from 'zustand';

export type AuthModalView = 'login' | 'register' | 'forgot' | null;

interface AuthModalState {
  view: AuthModalView;
  /** Pre-filled into the login form after a registration. */
  loginEmail: string;
  openLogin: (email?: string) => void;
  openRegister: () => void;
  /** "Forgot password?" (issue 27), with the email typed so far. */
  openForgot: (email?: string) => void;
  close: () => void;
}

/** Which of the landing page's sign-in and register modals is open (SPEC §4: they toggle between each other). */
export const useAuthModalStore = create<AuthModalState>((set) => ({
  view: null,
  loginEmail: '',
  openLogin: (email) => set((s) => ({ view: 'login', loginEmail: email ?? s.loginEmail })),
  openRegister: () => set({ view: 'register' }),
  openForgot: (email) => set((s) => ({ view: 'forgot', loginEmail: email ?? s.loginEmail })),
  close: () => set({ view: null }),
}));
