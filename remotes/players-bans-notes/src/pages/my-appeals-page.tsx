import '../styles/moderation.css';
import { RemoteRoot } from '@outpost/ui';
import { MyAppeals } from '../appeals/my-appeals';

export default function MyAppealsPage() {
  return (
    <RemoteRoot id="players-bans-notes">
      <MyAppeals />
    </RemoteRoot>
  );
}
