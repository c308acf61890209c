import { create } from 'zustand';
import type { PublicConfigDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import type { ResourceStatus } from '../lib/resourceStore';

interface ConfigState extends PublicConfigDto {
  /** Loading from start-up: there is no idle time before the first load. */
  status: Exclude<ResourceStatus, 'idle'>;
  /** GET /api/config; a failure leaves the safe defaults (no test accounts, no map tiles). */
  load: () => Promise<void>;
}

export const useConfigStore = create<ConfigState>((set) => ({
  testAccountsEnabled: false,
  mapTileUrl: '',
  status: 'loading',

  load: async () => {
    try {
      const config = await apiRequest<PublicConfigDto>('GET', '/api/config');
      set({
        testAccountsEnabled: config.testAccountsEnabled === true,
        mapTileUrl: typeof config.mapTileUrl === 'string' ? config.mapTileUrl : '',
        status: 'loaded',
      });
    } catch (err) {
      console.error('Loading the configuration failed', err);
      set({ status: 'failed' });
    }
  },
}));
