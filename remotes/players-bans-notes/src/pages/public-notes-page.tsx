import '../styles/moderation.css';
import { NotesView } from '../notes/notes-view';

export default function PublicNotesPage() {
  return <NotesView mode="public" />;
}
