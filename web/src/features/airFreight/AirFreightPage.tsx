import { ComingSoonPage } from '../layout/ComingSoonPage';

export function AirFreightPage() {
  return <ComingSoonPage title="Air Freight Marketplace" />;
}
