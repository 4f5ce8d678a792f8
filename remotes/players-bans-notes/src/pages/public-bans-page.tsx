import '../styles/moderation.css';
import { RemoteRoot } from '@outpost/ui';
import { BansView } from '../bans/bans-view';

export default function PublicBansPage() {
  return (
    <RemoteRoot id="players-bans-notes">
      <BansView mode="public" />
    </RemoteRoot>
  );
}
