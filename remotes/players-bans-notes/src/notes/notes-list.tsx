import type { Note } from '@outpost/contracts';
import { SLOT, useT, withNode } from '@outpost/host';
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
  const t = useT();
  const staff = mode === 'staff';
  if (notes.length === 0) return <EmptyState>{t('players-bans-notes.notes.empty')}</EmptyState>;
  return (
    <ul className="notes-list">
      {notes.map((note) => (
        <li key={note.id} className="note" aria-label={t('players-bans-notes.notes.aria', { id: note.id })}>
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
                <Tag tone={note.isPublic ? 'success' : 'warning'}>
                  {t(note.isPublic ? 'players-bans-notes.notes.public' : 'players-bans-notes.notes.staffOnly')}
                </Tag>
              )}
            </header>
            <Markdown text={note.body} />
            <footer className="note-footer muted">
              <span>
                {actorText(note.authorName, note.authorRealName, t('players-bans-notes.bans.unknownPlayer'))} ·{' '}
                <DateTime value={note.createdAt} />
                {note.updatedAt > note.createdAt && (
                  <>
                    {' '}
                    {withNode(
                      t('players-bans-notes.notes.edited', { date: SLOT }),
                      <DateTime value={note.updatedAt} />,
                    )}
                  </>
                )}
              </span>
              {staff && onEdit && (
                <LinkButton onClick={() => onEdit(note)}>{t('players-bans-notes.bans.edit')}</LinkButton>
              )}
              {staff && onDelete && (
                <LinkButton danger onClick={() => onDelete(note)}>
                  {t('players-bans-notes.notes.delete')}
                </LinkButton>
              )}
            </footer>
          </Card>
        </li>
      ))}
    </ul>
  );
}
