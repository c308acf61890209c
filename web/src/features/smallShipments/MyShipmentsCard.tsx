import type { DashboardSectionProps } from '../dashboard/dashboardSectionProps';

/** Dashboard section (filled in by the smallShipments feature). */
export function MyShipmentsCard(_props: DashboardSectionProps) {
  return null;
}
