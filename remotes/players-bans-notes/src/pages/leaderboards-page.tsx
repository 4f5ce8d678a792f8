import '../styles/moderation.css';
import { RemoteRoot } from '@outpost/ui';
import { LeaderboardView } from '../leaderboards/leaderboard-view';

export default function LeaderboardsPage() {
  return (
    <RemoteRoot id="players-bans-notes">
      <LeaderboardView />
    </RemoteRoot>
  );
}
