import '../styles/moderation.css';
import { RemoteRoot } from '@outpost/ui';
import { AppealPageView } from '../appeals/appeal-view';

export default function AppealPage() {
  return (
    <RemoteRoot id="players-bans-notes">
      <AppealPageView />
    </RemoteRoot>
  );
}
