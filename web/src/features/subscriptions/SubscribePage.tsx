import { ComingSoonPage } from '../layout/ComingSoonPage';

export function SubscribePage() {
  return <ComingSoonPage title="Subscription Plans" />;
}
