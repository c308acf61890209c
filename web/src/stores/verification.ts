import type { VerificationStatusDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createItemStore } from '../lib/resourceStore';

/**
 * The signed-in user's verification status (call 4: required, submitted and approved types, and isVerified), loaded
 * once a screen asks and kept fresh by socketRoutes (`verification:changed` is its `receive`).
 */
export const useVerificationStore = createItemStore<VerificationStatusDto, 'verification'>({
  name: 'the verification status',
  field: 'verification',
  fetch: () => apiRequest<VerificationStatusDto>('GET', '/api/users/verification-status'),
});
