// A plan's tier for people, apart from the subscription schemas (the web's header shows it on every screen).

/** 'Pro' or 'Basic' for a plan id (the success alert and the gate's badge), else the id itself. */
export function planTierLabel(planId: string | null | undefined): string {
  if (!planId) return 'None';
  if (planId.includes('pro')) return 'Pro';
  if (planId.includes('basic')) return 'Basic';
  return planId;
}
