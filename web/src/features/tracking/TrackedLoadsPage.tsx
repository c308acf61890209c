import { ComingSoonPage } from '../layout/ComingSoonPage';

export function TrackedLoadsPage() {
  return <ComingSoonPage title="Freight Tracking" />;
}
