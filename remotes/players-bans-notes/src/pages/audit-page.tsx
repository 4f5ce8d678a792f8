import '../styles/moderation.css';
import { AuditView } from '../audit/audit-view';

export default function AuditPage() {
  return <AuditView />;
}
