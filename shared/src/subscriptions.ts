// Subscriptions (plans, the gate, usage limits).
import { z } from 'zod';
import { planTierLabel } from './planLabels';
import type { UserDto } from './auth';
import type { SubscriptionStatus, UserType } from './enums';

// ---------------------------------------------------------------------------------------------------------------
// Plans (SPEC §9): the one table the picker, the activation call and the limits read.

export const PLAN_USER_TYPES = ['broker', 'shipper', 'air_cargo', 'carrier'] as const;
export type PlanUserType = (typeof PLAN_USER_TYPES)[number];
export const PLAN_TIERS = ['basic', 'pro'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

/** What a Basic plan counts per calendar month (UTC). */
export const USAGE_METRICS = ['loads_posted', 'air_shipments_posted', 'bookings_approved'] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];
export const USAGE_METRIC_LABELS: Record<UsageMetric, string> = {
  loads_posted: 'Loads posted',
  air_shipments_posted: 'Air shipments posted',
  bookings_approved: 'Bookings approved',
};

export interface SubscriptionPlan {
  /** The id sent to POST /api/subscriptions/activate: user type + '_' + tier. */
  id: string;
  userType: PlanUserType;
  tier: PlanTier;
  name: string;
  /** Dollars per month. */
  price: number;
  features: string[];
  /** The monthly cap, or null for unlimited. */
  limit: { metric: UsageMetric; perMonth: number } | null;
  mostPopular: boolean;
}

export const SUBSCRIPTION_PLANS: readonly SubscriptionPlan[] = [
  {
    id: 'broker_basic',
    userType: 'broker',
    tier: 'basic',
    name: 'Broker Basic',
    price: 99,
    features: ['Up to 50 loads per month'],
    limit: { metric: 'loads_posted', perMonth: 50 },
    mostPopular: false,
  },
  {
    id: 'broker_pro',
    userType: 'broker',
    tier: 'pro',
    name: 'Broker Pro',
    price: 199,
    features: ['Unlimited loads', 'Multi-user access', 'API access', 'Custom branding'],
    limit: null,
    mostPopular: true,
  },
  {
    id: 'shipper_basic',
    userType: 'shipper',
    tier: 'basic',
    name: 'Shipper Basic',
    price: 79,
    features: ['Up to 30 loads per month'],
    limit: { metric: 'loads_posted', perMonth: 30 },
    mostPopular: false,
  },
  {
    id: 'shipper_pro',
    userType: 'shipper',
    tier: 'pro',
    name: 'Shipper Pro',
    price: 149,
    features: ['Unlimited loads', 'Dedicated account manager'],
    limit: null,
    mostPopular: true,
  },
  {
    id: 'air_cargo_basic',
    userType: 'air_cargo',
    tier: 'basic',
    name: 'Air Cargo Basic',
    price: 129,
    features: ['Up to 40 air shipments per month'],
    limit: { metric: 'air_shipments_posted', perMonth: 40 },
    mostPopular: false,
  },
  {
    id: 'air_cargo_pro',
    userType: 'air_cargo',
    tier: 'pro',
    name: 'Air Cargo Pro',
    price: 249,
    features: ['Unlimited shipments'],
    limit: null,
    mostPopular: true,
  },
  {
    id: 'carrier_basic',
    userType: 'carrier',
    tier: 'basic',
    name: 'Carrier Basic',
    price: 49,
    features: ['Browse unlimited loads', 'Book up to 20 loads per month'],
    limit: { metric: 'bookings_approved', perMonth: 20 },
    mostPopular: false,
  },
  {
    id: 'carrier_pro',
    userType: 'carrier',
    tier: 'pro',
    name: 'Carrier Pro',
    price: 99,
    features: ['Unlimited bookings', 'Multi-truck management'],
    limit: null,
    mostPopular: true,
  },
];

export function isPlanUserType(t: string | null | undefined): t is PlanUserType {
  return (PLAN_USER_TYPES as readonly string[]).includes(t ?? '');
}

/** SPEC §6: the plan list depends on userType; anything else falls back to broker plans. */
export function plansForUserType(userType: string | null | undefined): SubscriptionPlan[] {
  const type: PlanUserType = isPlanUserType(userType) ? userType : 'broker';
  return SUBSCRIPTION_PLANS.filter((p) => p.userType === type);
}

/**
 * The plan picker's heading: SPEC's 'Choose Your Brokerage/Carrier Plan' where it fits (brokers, and the types that
 * fall back to broker plans); the user's own type where it does not (a decision: issue 23).
 */
export function planPageHeading(userType: string | null | undefined): string {
  const type: PlanUserType = isPlanUserType(userType) ? userType : 'broker';
  if (type === 'carrier') return 'Choose Your Carrier Plan';
  if (type === 'shipper') return 'Choose Your Shipper Plan';
  if (type === 'air_cargo') return 'Choose Your Air Cargo Plan';
  return 'Choose Your Brokerage/Carrier Plan';
}

export function findPlan(planId: string | null | undefined): SubscriptionPlan | null {
  return SUBSCRIPTION_PLANS.find((p) => p.id === planId) ?? null;
}

export { planTierLabel };

export function planDisplayName(planId: string | null | undefined): string {
  return findPlan(planId)?.name ?? (planId ? planTierLabel(planId) : 'No plan');
}

// ---------------------------------------------------------------------------------------------------------------
// The gate (SPEC §2, §4, §5): the one rule the screen and the server both apply.

export interface SubscriptionFields {
  userType?: UserType | string | null;
  subscriptionStatus: SubscriptionStatus | string;
  subscriptionPlan: string | null;
  subscriptionExpiresAt: string | Date | null;
}

/** Active: status active and no expiry or an expiry in the future. */
export function isSubscriptionActive(u: SubscriptionFields, now: Date = new Date()): boolean {
  if (u.subscriptionStatus !== 'active') return false;
  if (!u.subscriptionExpiresAt) return true;
  return new Date(u.subscriptionExpiresAt).getTime() > now.getTime();
}

/** Plan check: basic is satisfied by a plan containing basic or pro; pro needs a plan containing pro. */
export function planSatisfies(plan: string | null | undefined, required: PlanTier): boolean {
  if (!plan) return false;
  if (required === 'pro') return plan.includes('pro');
  return plan.includes('basic') || plan.includes('pro');
}

export const GATED_FEATURES = {
  air_freight: { label: 'air freight marketplace', requiredTier: 'basic' as PlanTier },
} as const;
export type GatedFeatureName = keyof typeof GATED_FEATURES;

export type GateVerdict = 'allowed' | 'subscription_required' | 'upgrade_required';

/** Admins bypass; otherwise an active subscription whose plan satisfies the required tier. */
export function gateVerdict(u: SubscriptionFields, required: PlanTier, now: Date = new Date()): GateVerdict {
  if (u.userType === 'admin') return 'allowed';
  if (!isSubscriptionActive(u, now)) return 'subscription_required';
  return planSatisfies(u.subscriptionPlan, required) ? 'allowed' : 'upgrade_required';
}

/** The plan names a user type needs for a tier ('Carrier Basic or Carrier Pro'). */
export function neededPlanText(userType: string | null | undefined, required: PlanTier): string {
  const plans = plansForUserType(userType).filter((p) => planSatisfies(p.id, required));
  return plans.map((p) => p.name).join(' or ');
}

export const GATE_BENEFITS_BROKER = [
  'Post and manage loads on the DAT-style loadboard',
  'Rate negotiation tools',
  'Shipper relationship management',
  'Access to the air freight marketplace',
  'Priority support',
];
/** Only what a plan adds: booking loads, tracking and chat are open to every verified user without one. */
export const GATE_BENEFITS_DEFAULT = [
  'Access to the air freight marketplace',
  'Book air cargo shipments',
  'Priority support',
];
export function gateBenefits(userType: string | null | undefined): string[] {
  return userType === 'broker' ? GATE_BENEFITS_BROKER : GATE_BENEFITS_DEFAULT;
}

// ---------------------------------------------------------------------------------------------------------------
// The plan picker's fixed texts (SPEC §2 Subscription plans).

export const SUBSCRIPTION_HIGHLIGHTS = [
  { title: 'Fast Setup', description: 'Start matching freight within minutes of subscribing.' },
  { title: 'Secure Platform', description: 'Verified users and encrypted document storage.' },
  { title: 'Smart Matching', description: 'Find the right loads, carriers and routes faster.' },
  { title: '24/7 Support', description: 'Our team is here whenever you need help.' },
] as const;

export const SUBSCRIPTION_GUARANTEE =
  'No setup fees \u2022 Cancel anytime \u2022 14-day money back guarantee';

export const SUBSCRIPTION_FAQ = [
  {
    question: 'Can I change plans anytime?',
    answer:
      'Yes, you can upgrade or downgrade your plan at any time. Changes take effect at the next billing cycle.',
  },
  {
    question: 'What payment methods do you accept?',
    answer: 'We accept all major credit cards, debit cards and bank transfers.',
  },
  {
    question: 'Is there a free trial?',
    answer: 'Instead of a free trial, every plan comes with a 14-day money-back guarantee.',
  },
  {
    question: 'Do you offer custom pricing for large fleets?',
    answer: 'Yes. Contact our sales team for custom pricing for large fleets and enterprises.',
  },
] as const;

// ---------------------------------------------------------------------------------------------------------------
// API payloads.

export const activateSubscriptionSchema = z.object({
  plan: z.string({ error: 'Required' }).trim().min(1, 'Required'),
});
export type ActivateSubscriptionInput = z.infer<typeof activateSubscriptionSchema>;

/** POST /api/subscriptions/cancel: the plan the user sees as active (a plan changed meanwhile is not canceled). */
export const cancelSubscriptionSchema = z.object({
  plan: z.string({ error: 'Required' }).trim().min(1, 'Required'),
});
export type CancelSubscriptionInput = z.infer<typeof cancelSubscriptionSchema>;

export interface ActivateSubscriptionResult {
  /** 'active' when the provider took payment at once; 'requires_action' when the user must finish it elsewhere. */
  status: 'active' | 'requires_action';
  redirectUrl: string | null;
  user: UserDto;
}

/** Usage of the current calendar month (UTC) against the plan's cap. */
export interface UsageDto {
  plan: string | null;
  planName: string;
  active: boolean;
  periodStart: string;
  periodEnd: string;
  metric: UsageMetric | null;
  label: string | null;
  used: number;
  /** null: unlimited (Pro) or no plan that counts anything. */
  limit: number | null;
}

export interface SubscriptionChangedPayload {
  userId: string;
  subscriptionStatus: SubscriptionStatus;
  subscriptionPlan: string | null;
  subscriptionExpiresAt: string | null;
  subscriptionCanceledAt: string | null;
  reason: 'activated' | 'canceled' | 'expired';
}

// ---------------------------------------------------------------------------------------------------------------
// Socket events (server → client).

export interface SubscriptionEvents {
  /** user:<id>: activation, cancellation or expiry; the gate locks or unlocks without a reload. */
  'subscription:changed': (payload: SubscriptionChangedPayload) => void;
}

// ---------------------------------------------------------------------------------------------------------------
// Air freight marketplace labels (SPEC §3 air enumerations).

export const AIR_WEIGHT_CLASS_LABELS: Record<string, string> = {
  small: 'Small (0-100 kg)',
  medium: 'Medium (100-1000 kg)',
  large: 'Large (1000-5000 kg)',
  heavy: 'Heavy (5000+ kg)',
};
export const CARGO_TYPE_LABELS: Record<string, string> = {
  general: 'General',
  dangerous: 'Dangerous Goods',
  perishable: 'Perishable',
  livestock: 'Livestock',
  pharma: 'Pharmaceuticals',
  electronics: 'Electronics',
};
