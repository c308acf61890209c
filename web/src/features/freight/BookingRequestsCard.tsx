import type { DashboardSectionProps } from '../dashboard/dashboardSectionProps';

/** Dashboard section (filled in by the freight feature). */
export function BookingRequestsCard(_props: DashboardSectionProps) {
  return null;
}
