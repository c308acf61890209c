import type { LoadPartiesDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createDetailStore } from '../lib/resourceStore';

/** A load's poster and carrier with their MC and USDOT numbers (issue 16), by load id. */
export interface LoadParties extends LoadPartiesDto {
  id: string;
}

export const useLoadPartiesStore = createDetailStore<LoadParties>({
  name: 'the parties',
  fetch: async (freightId) => ({
    id: freightId,
    ...(await apiRequest<LoadPartiesDto>('GET', `/api/freight/${freightId}/parties`)),
  }),
});
