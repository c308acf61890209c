import type { BackgroundCheckDto } from '@freight/shared';
import { useEffect } from 'react';
import type { ResourceStatus } from '../../lib/resourceStore';
import { selectMyCheck, useBackgroundCheckStore } from '../../stores/backgroundCheck';

/** The signed-in driver's background check, loaded once on first use (then live through socketRoutes). */
export function useMyBackgroundCheck(enabled = true): {
  check: BackgroundCheckDto | null;
  status: ResourceStatus;
} {
  const check = useBackgroundCheckStore(selectMyCheck);
  const status = useBackgroundCheckStore((s) => s.status);
  const load = useBackgroundCheckStore((s) => s.load);
  useEffect(() => {
    if (enabled && status === 'idle') void load();
  }, [enabled, status, load]);
  return { check, status };
}
