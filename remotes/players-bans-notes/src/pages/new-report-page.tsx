import '../styles/moderation.css';
import '../styles/reports.css';
import { RemoteRoot } from '@outpost/ui';
import { NewReportView } from '../reports/new-report-view';

export default function NewReportPage() {
  return (
    <RemoteRoot id="players-bans-notes">
      <NewReportView />
    </RemoteRoot>
  );
}
