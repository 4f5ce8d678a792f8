import '../styles/moderation.css';
import '../styles/reports.css';
import { RemoteRoot } from '@outpost/ui';
import { ReportQueue } from '../reports/report-queue';

export default function AdminReportsPage() {
  return (
    <RemoteRoot id="players-bans-notes">
      <ReportQueue />
    </RemoteRoot>
  );
}
