import { ComingSoonPage } from '../layout/ComingSoonPage';

export function FreightBoardPage() {
  return <ComingSoonPage title="Freight Load Board" />;
}
