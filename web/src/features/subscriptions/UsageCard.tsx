import type { DashboardSectionProps } from '../dashboard/dashboardSectionProps';

/** Dashboard section (filled in by the subscriptions feature). */
export function UsageCard(_props: DashboardSectionProps) {
  return null;
}
