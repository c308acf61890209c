import { ComingSoonPage } from '../layout/ComingSoonPage';

export function SmallShipmentsPage() {
  return <ComingSoonPage title="Post Small Shipment" />;
}
