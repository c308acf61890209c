import { ComingSoonPage } from '../layout/ComingSoonPage';

export function DriverRoutesPage() {
  return <ComingSoonPage title="My Routes" />;
}
