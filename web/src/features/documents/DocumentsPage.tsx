import { ComingSoonPage } from '../layout/ComingSoonPage';

export function DocumentsPage() {
  return <ComingSoonPage title="Document Management" />;
}
