import '../styles/moderation.css';
import { RemoteRoot } from '@outpost/ui';
import { BansView } from '../bans/bans-view';

export default function AdminBansPage() {
  return (
    <RemoteRoot id="players-bans-notes">
      <BansView mode="staff" />
    </RemoteRoot>
  );
}
