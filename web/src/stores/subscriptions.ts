import type { ActivateSubscriptionResult, SubscriptionPlan, UsageDto, UserDto } from '@freight/shared';
import { apiRequest, logFailure } from '../lib/api';
import { createListStore, type ResourceStatus } from '../lib/resourceStore';

/** The subscription plans for the caller's type (others get broker plans), with this month's usage. */
export const useSubscriptionsStore = createListStore<
  SubscriptionPlan,
  {
    /** Loads the plans unless they are loaded or loading (they do not change within a session). */
    loadPlans: () => Promise<void>;
    usage: UsageDto | null;
    usageStatus: ResourceStatus;
    /** GET /api/subscriptions/usage: this month's use against the plan's cap. */
    loadUsage: () => Promise<void>;
    /** Reads the usage again if a screen loaded it (the plan changed). */
    refetchUsage: () => Promise<void>;
    /** Call 29; throws the API error (`"<status>: <body>"`) on failure. */
    activate: (planId: string) => Promise<ActivateSubscriptionResult>;
    /** Cancels `planId` at the end of its period; answers the user (still active until subscriptionExpiresAt). */
    cancel: (planId: string) => Promise<UserDto>;
  }
>({
  name: 'the subscription plans',
  fetch: async () => ({ items: await apiRequest<SubscriptionPlan[]>('GET', '/api/subscriptions/plans') }),
  extend: (set, get) => ({
    loadPlans: async () => {
      const { status, load } = get();
      if (status !== 'loading' && status !== 'loaded') await load();
    },
    usage: null,
    usageStatus: 'idle',
    loadUsage: async () => {
      set({ usageStatus: 'loading' });
      try {
        set({ usage: await apiRequest<UsageDto>('GET', '/api/subscriptions/usage'), usageStatus: 'loaded' });
      } catch (err) {
        logFailure('Loading the usage', err);
        set({ usageStatus: 'failed' });
      }
    },
    refetchUsage: async () => {
      if (get().usageStatus !== 'idle') await get().loadUsage();
    },
    activate: (planId) =>
      apiRequest<ActivateSubscriptionResult>('POST', '/api/subscriptions/activate', { plan: planId }),
    cancel: (planId) => apiRequest<UserDto>('POST', '/api/subscriptions/cancel', { plan: planId }),
  }),
});
