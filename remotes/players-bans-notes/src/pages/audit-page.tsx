import '../styles/moderation.css';
import { RemoteRoot } from '@outpost/ui';
import { AuditView } from '../audit/audit-view';

export default function AuditPage() {
  return (
    <RemoteRoot id="players-bans-notes">
      <AuditView />
    </RemoteRoot>
  );
}
