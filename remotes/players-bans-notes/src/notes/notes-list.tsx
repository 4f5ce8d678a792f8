import type { Note } from '@outpost/contracts';
import { formatDate, Markdown } from '@outpost/ui';
import { actorText } from '../common/actor-text';
import { ManageUserLink } from '../common/manage-user-link';

interface Props {
  notes: Note[];
  mode: 'staff' | 'public';
  /** Hide the player column (inside the player modal). */
  hidePlayer?: boolean;
  onEdit?(note: Note): void;
  onDelete?(note: Note): void;
}

/** Notes as cards: player, rendered markdown, author and time; staff see the visibility. */
export function NotesList({ notes, mode, hidePlayer, onEdit, onDelete }: Props) {
  const staff = mode === 'staff';
  if (notes.length === 0) return <p className="card muted">No notes found.</p>;
  return (
    <ul className="notes-list">
      {notes.map((note) => (
        <li key={note.id} className="card note" aria-label={`Note ${note.id}`}>
          <header className="note-header">
            {!hidePlayer && (
              <strong>
                {staff ? (
                  <ManageUserLink id={note.steamid} tab="notes">
                    {note.playerName ?? note.steamid}
                  </ManageUserLink>
                ) : (
                  (note.playerName ?? note.steamid)
                )}{' '}
                <code className="muted">{note.steamid}</code>
              </strong>
            )}
            {staff && (
              <span className={note.isPublic ? 'tag is-public' : 'tag is-private'}>
                {note.isPublic ? 'Public' : 'Staff-only'}
              </span>
            )}
          </header>
          <Markdown text={note.body} />
          <footer className="note-footer muted">
            {actorText(note.authorName, note.authorRealName, 'Unknown')} · {formatDate(note.createdAt)}
            {note.updatedAt > note.createdAt && ` (edited ${formatDate(note.updatedAt)})`}
            {staff && onEdit && (
              <button type="button" className="link-button" onClick={() => onEdit(note)}>
                Edit
              </button>
            )}
            {staff && onDelete && (
              <button type="button" className="link-button is-danger" onClick={() => onDelete(note)}>
                Delete
              </button>
            )}
          </footer>
        </li>
      ))}
    </ul>
  );
}
