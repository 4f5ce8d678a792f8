import '../styles/moderation.css';
import { ManageUserView } from '../players/players-page-view';

export default function ManageUserPage() {
  return <ManageUserView />;
}
