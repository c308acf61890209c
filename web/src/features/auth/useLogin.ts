import { useSubmit } from '../../lib/useSubmit';
import { useSessionStore } from '../../stores/session';
import { continueAfterSignIn } from './authModalStore';

/**
 * Signs in, then SPEC §2/§8: toast 'Success' and reload (or go to the carried `returnTo`, issue 23), or toast
 * 'Login Failed' (then `onFailure`).
 */
export function useLogin(onFailure?: () => void) {
  const login = useSessionStore((s) => s.login);
  return useSubmit((email: string, password: string) => login({ email, password }), {
    success: 'Logged in successfully!',
    failureTitle: 'Login Failed',
    failure: { fallback: 'Invalid email or password' },
    onFailure,
    onSuccess: continueAfterSignIn,
  });
}
