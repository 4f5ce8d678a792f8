import '../styles/moderation.css';
import { RemoteRoot } from '@outpost/ui';
import { NotesView } from '../notes/notes-view';

export default function PublicNotesPage() {
  return (
    <RemoteRoot id="players-bans-notes">
      <NotesView mode="public" />
    </RemoteRoot>
  );
}
