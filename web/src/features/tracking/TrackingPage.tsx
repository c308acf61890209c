import { ComingSoonPage } from '../layout/ComingSoonPage';

export function TrackingPage() {
  return <ComingSoonPage title="Freight Tracking" />;
}
