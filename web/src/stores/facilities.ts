import type { FacilityPageDto, LoadFacilityDwellDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createDetailStore } from '../lib/resourceStore';

/**
 * The dwell scorecards of a load's pickup and delivery facilities (issue 41), by load id: read when the load is shown
 * (its details from the board, its page). The figures cover 90 days and move slowly: they are not pushed.
 */
export const useLoadFacilityDwellStore = createDetailStore<LoadFacilityDwellDto>({
  name: 'the facility figures',
  fetch: (loadId) => apiRequest<LoadFacilityDwellDto>('GET', `/api/freight/${loadId}/facility-dwell`),
});

/** Facility pages (`/facilities/:key`). */
export const useFacilityStore = createDetailStore<FacilityPageDto>({
  name: 'the facility',
  fetch: (key) => apiRequest<FacilityPageDto>('GET', `/api/facilities/${key}`),
});
