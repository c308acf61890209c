import { useEffect, useState } from 'react';
import type { TestAccountDto } from '@freight/shared';
import { fetchTestAccounts } from './testAccounts';

interface TestAccountsResult {
  accounts: TestAccountDto[];
  loading: boolean;
  error: string | null;
}

/** Loads the test accounts once while `enabled` (config.testAccountsEnabled). */
export function useTestAccounts(enabled: boolean): TestAccountsResult {
  const [result, setResult] = useState<TestAccountsResult>({ accounts: [], loading: enabled, error: null });

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    fetchTestAccounts()
      .then((accounts) => {
        if (!cancelled)
          setResult({ accounts: Array.isArray(accounts) ? accounts : [], loading: false, error: null });
      })
      .catch((err: unknown) => {
        if (!cancelled) setResult({ accounts: [], loading: false, error: String(err) });
      });
    return () => {
      cancelled = true;
    };
  }, [enabled]);

  return enabled ? result : { accounts: [], loading: false, error: null };
}
