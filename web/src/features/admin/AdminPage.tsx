import { ComingSoonPage } from '../layout/ComingSoonPage';

export function AdminPage() {
  return <ComingSoonPage title="Document Verification Queue" />;
}
