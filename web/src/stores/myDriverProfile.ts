import type { DriverDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createListStore } from '../lib/resourceStore';

/**
 * The signed-in driver's own compliance (CDL, medical card, whether they may be assigned): a list of one. Loaded
 * again when an admin reviews one of the driver's documents (socketRoutes, `document:reviewed`), so "Not assignable
 * yet" turns to "You can be assigned" without a reload.
 */
export const useMyDriverProfileStore = createListStore<DriverDto>({
  name: 'your compliance',
  fetch: async () => ({ items: [await apiRequest<DriverDto>('GET', '/api/fleet/drivers/me')] }),
});

export const selectMyDriverProfile = (s: { items: DriverDto[] }): DriverDto | null => s.items[0] ?? null;
