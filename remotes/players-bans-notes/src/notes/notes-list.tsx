import type { Note } from '@outpost/contracts';
import { Card, DateTime, EmptyState, LinkButton, Markdown, Tag } from '@outpost/ui';
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
  if (notes.length === 0) return <EmptyState>No notes found.</EmptyState>;
  return (
    <ul className="notes-list">
      {notes.map((note) => (
        <li key={note.id} className="note" aria-label={`Note ${note.id}`}>
          <Card>
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
                <Tag tone={note.isPublic ? 'success' : 'warning'}>{note.isPublic ? 'Public' : 'Staff-only'}</Tag>
              )}
            </header>
            <Markdown text={note.body} />
            <footer className="note-footer muted">
              <span>
                {actorText(note.authorName, note.authorRealName, 'Unknown')} · <DateTime value={note.createdAt} />
                {note.updatedAt > note.createdAt && (
                  <>
                    {' '}
                    (edited <DateTime value={note.updatedAt} />)
                  </>
                )}
              </span>
              {staff && onEdit && <LinkButton onClick={() => onEdit(note)}>Edit</LinkButton>}
              {staff && onDelete && (
                <LinkButton danger onClick={() => onDelete(note)}>
                  Delete
                </LinkButton>
              )}
            </footer>
          </Card>
        </li>
      ))}
    </ul>
  );
}
