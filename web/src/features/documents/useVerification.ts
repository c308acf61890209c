import { useEffect } from 'react';
import { useDocumentsStore } from '../../stores/documents';

/** Call 4, once per session (cached; kept fresh by `verification:changed`), for a user who has a type. */
export function useVerification(enabled: boolean) {
  const verification = useDocumentsStore((s) => s.verification);
  const status = useDocumentsStore((s) => s.verificationStatus);
  const load = useDocumentsStore((s) => s.loadVerification);
  useEffect(() => {
    if (enabled && status === 'idle') void load();
  }, [enabled, status, load]);
  return { verification, loading: status === 'loading' || status === 'idle' };
}
