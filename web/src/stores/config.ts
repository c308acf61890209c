import { create } from 'zustand';
import { apiRequest } from '../lib/api';

export interface PublicConfig {
  testAccountsEnabled: boolean;
  mapTileUrl: string;
}

interface ConfigState extends PublicConfig {
  status: 'loading' | 'loaded' | 'failed';
  /** GET /api/config; a failure leaves the safe defaults (no test accounts, no map tiles). */
  load: () => Promise<void>;
}

export const useConfigStore = create<ConfigState>((set) => ({
  testAccountsEnabled: false,
  mapTileUrl: '',
  status: 'loading',

  load: async () => {
    try {
      const config = await apiRequest<PublicConfig>('GET', '/api/config');
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
