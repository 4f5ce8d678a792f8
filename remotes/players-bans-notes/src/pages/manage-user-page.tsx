import '../styles/moderation.css';
import { RemoteRoot } from '@outpost/ui';
import { ManageUserView } from '../players/players-page-view';

/** The manage-user route: inside the remote's root, so the modal's portal carries data-remote too. */
export default function ManageUserPage() {
  return (
    <RemoteRoot id="players-bans-notes">
      <ManageUserView />
    </RemoteRoot>
  );
}
