import { create } from 'zustand';
import type {
  ActivateSubscriptionResult,
  SubscriptionChangedPayload,
  SubscriptionPlan,
  UsageDto,
} from '@freight/shared';
import { apiRequest } from '../lib/api';
import { onReconnect, onSocketEvent } from '../lib/socket';
import { useSessionStore } from './session';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface SubscriptionsState {
  plans: SubscriptionPlan[];
  plansStatus: LoadStatus;
  usage: UsageDto | null;
  usageStatus: LoadStatus;
  /** GET /api/subscriptions/plans (the caller's type; others get broker plans). Cached once loaded. */
  loadPlans: () => Promise<void>;
  /** GET /api/subscriptions/usage: this month's use against the plan's cap. */
  loadUsage: () => Promise<void>;
  /** Call 29; throws the API error (`"<status>: <body>"`) on failure. */
  activate: (planId: string) => Promise<ActivateSubscriptionResult>;
  /** `subscription:changed`: the session user's plan fields change, so gates lock or unlock without a reload. */
  receive: (payload: SubscriptionChangedPayload) => void;
}

export const useSubscriptionsStore = create<SubscriptionsState>((set, get) => ({
  plans: [],
  plansStatus: 'idle',
  usage: null,
  usageStatus: 'idle',

  loadPlans: async () => {
    if (get().plansStatus === 'loading' || get().plansStatus === 'loaded') return;
    set({ plansStatus: 'loading' });
    try {
      set({
        plans: await apiRequest<SubscriptionPlan[]>('GET', '/api/subscriptions/plans'),
        plansStatus: 'loaded',
      });
    } catch (err) {
      console.error('Loading the subscription plans failed', err);
      set({ plansStatus: 'failed' });
    }
  },

  loadUsage: async () => {
    set({ usageStatus: 'loading' });
    try {
      set({ usage: await apiRequest<UsageDto>('GET', '/api/subscriptions/usage'), usageStatus: 'loaded' });
    } catch (err) {
      console.error('Loading the usage failed', err);
      set({ usageStatus: 'failed' });
    }
  },

  activate: async (planId) =>
    apiRequest<ActivateSubscriptionResult>('POST', '/api/subscriptions/activate', { plan: planId }),

  receive: (payload) => {
    useSessionStore.setState((s) =>
      s.user && s.user.id === payload.userId
        ? {
            user: {
              ...s.user,
              subscriptionStatus: payload.subscriptionStatus,
              subscriptionPlan: payload.subscriptionPlan,
              subscriptionExpiresAt: payload.subscriptionExpiresAt,
            },
          }
        : s,
    );
    if (get().usageStatus !== 'idle') void get().loadUsage();
  },
}));

onSocketEvent('subscription:changed', (payload) => useSubscriptionsStore.getState().receive(payload));
// A change missed while disconnected: read the user again (the gate and the nav badge follow it).
onReconnect(() => {
  const user = useSessionStore.getState().user;
  if (!user) return;
  void apiRequest<typeof user>('GET', '/api/auth/user')
    .then((fresh) => useSessionStore.setState({ user: fresh }))
    .catch(() => undefined);
});
