import '../styles/moderation.css';
import { NotesView } from '../notes/notes-view';

export default function AdminNotesPage() {
  return <NotesView mode="staff" />;
}
