import { useSubmit } from '../../lib/useSubmit';
import { useSessionStore } from '../../stores/session';
import { continueAfterSignIn } from './authModalStore';

/**
 * Signs in, then SPEC §2/§8: toast 'Success' and reload (or go to the carried `returnTo`, issue 23), or toast
 * 'Login Failed' (then `onFailure`). With two-factor sign-in on (issue 27) the password step calls `onTwoFactor`
 * instead, and the form asks for the code.
 */
export function useLogin(onFailure?: () => void, onTwoFactor?: () => void) {
  const login = useSessionStore((s) => s.login);
  return useSubmit((email: string, password: string) => login({ email, password }), {
    success: (result) =>
      result === 'twoFactor' ? 'Now enter the code from your authenticator app.' : 'Logged in successfully!',
    failureTitle: 'Login Failed',
    failure: { fallback: 'Invalid email or password' },
    onFailure,
    resetOnSuccess: true,
    onSuccess: (result) => (result === 'twoFactor' ? onTwoFactor?.() : continueAfterSignIn()),
  });
}

/** The code step: a code from the authenticator app or a recovery code; then as a sign-in. */
export function useSecondFactor() {
  const loginSecondFactor = useSessionStore((s) => s.loginSecondFactor);
  return useSubmit((code: string) => loginSecondFactor(code), {
    success: 'Logged in successfully!',
    failureTitle: 'Login Failed',
    failure: 'refusal',
    onSuccess: () => continueAfterSignIn(),
  });
}
