import { create } from 'zustand';
import type { VerificationStatusDto } from '@freight/shared';
import { apiRequest, logFailure } from '../lib/api';
import type { ResourceStatus } from '../lib/resourceStore';

interface VerificationState {
  /** Call 4: required, submitted and approved types, and isVerified. */
  verification: VerificationStatusDto | null;
  status: ResourceStatus;
  load: () => Promise<void>;
  /** Loads again once a screen has loaded it. Run on reconnect. */
  refetch: () => Promise<void>;
  /** `verification:changed`. */
  receive: (verification: VerificationStatusDto) => void;
}

/** The signed-in user's verification status, loaded once per session and kept fresh by socketRoutes. */
export const useVerificationStore = create<VerificationState>((set, get) => ({
  verification: null,
  status: 'idle',
  load: async () => {
    set({ status: 'loading' });
    try {
      const verification = await apiRequest<VerificationStatusDto>('GET', '/api/users/verification-status');
      set({ verification, status: 'loaded' });
    } catch (err) {
      set({ status: 'failed' });
      logFailure('Loading the verification status', err);
    }
  },
  refetch: async () => {
    if (get().status !== 'idle') await get().load();
  },
  receive: (verification) => set({ verification, status: 'loaded' }),
}));
