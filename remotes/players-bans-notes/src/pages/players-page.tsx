import '../styles/moderation.css';
import { PlayersPageView } from '../players/players-page-view';

export default function PlayersPage() {
  return <PlayersPageView />;
}
