import '../styles/moderation.css';
import { RemoteRoot } from '@outpost/ui';
import { PlayersPageView } from '../players/players-page-view';

export default function PlayersPage() {
  return (
    <RemoteRoot id="players-bans-notes">
      <PlayersPageView />
    </RemoteRoot>
  );
}
