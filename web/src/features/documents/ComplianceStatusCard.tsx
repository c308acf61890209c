import type { DashboardSectionProps } from '../dashboard/dashboardSectionProps';

/** Dashboard section (filled in by the documents feature). */
export function ComplianceStatusCard(_props: DashboardSectionProps) {
  return null;
}
