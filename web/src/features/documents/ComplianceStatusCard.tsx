import type { DashboardSectionProps } from '../dashboard/dashboardSectionProps';
import { ComplianceSummary } from './ComplianceSummary';
import { useVerification } from './useVerification';

/** Dashboard: the Compliance Status card (live through `verification:changed`). */
export function ComplianceStatusCard({ user }: DashboardSectionProps) {
  const { verification, loading } = useVerification(Boolean(user.userType));
  return <ComplianceSummary verification={verification} loading={loading} />;
}
