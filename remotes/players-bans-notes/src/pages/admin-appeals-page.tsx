import '../styles/moderation.css';
import { RemoteRoot } from '@outpost/ui';
import { AppealsQueue } from '../appeals/appeals-queue';

export default function AdminAppealsPage() {
  return (
    <RemoteRoot id="players-bans-notes">
      <AppealsQueue />
    </RemoteRoot>
  );
}
