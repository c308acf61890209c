import { ComingSoonPage } from '../layout/ComingSoonPage';

export function MobileDemoPage() {
  return <ComingSoonPage title="Mobile Demo" />;
}
