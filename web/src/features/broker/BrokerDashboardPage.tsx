import { ComingSoonPage } from '../layout/ComingSoonPage';

export function BrokerDashboardPage() {
  return <ComingSoonPage title="Broker Dashboard" />;
}
