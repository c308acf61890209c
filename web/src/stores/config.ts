import type { PublicConfigDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createItemStore } from '../lib/resourceStore';

/**
 * GET /api/config, loaded from start-up; until it answers (or when it fails) readers use the safe defaults: no test
 * accounts, no map tiles.
 */
export const useConfigStore = createItemStore<PublicConfigDto, 'config'>({
  name: 'the configuration',
  field: 'config',
  initialStatus: 'loading',
  refetchOnReconnect: false,
  fetch: async () => {
    const config = await apiRequest<PublicConfigDto>('GET', '/api/config');
    return {
      testAccountsEnabled: config.testAccountsEnabled === true,
      mapTileUrl: typeof config.mapTileUrl === 'string' ? config.mapTileUrl : '',
    };
  },
});

export const selectTestAccountsEnabled = (s: { config: PublicConfigDto | null }) =>
  s.config?.testAccountsEnabled === true;
export const selectMapTileUrl = (s: { config: PublicConfigDto | null }) => s.config?.mapTileUrl ?? '';
