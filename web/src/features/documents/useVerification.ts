import { useEffect } from 'react';
import { useVerificationStore } from '../../stores/verification';

/** Call 4, once per session (cached; kept fresh by `verification:changed`), for a user who has a type. */
export function useVerification(enabled: boolean) {
  const verification = useVerificationStore((s) => s.verification);
  const status = useVerificationStore((s) => s.status);
  const load = useVerificationStore((s) => s.load);
  useEffect(() => {
    if (enabled && status === 'idle') void load();
  }, [enabled, status, load]);
  return { verification, loading: status === 'loading' || status === 'idle' };
}
