import { type Note, notesListResponseSchema, type PlayerDetail } from '@outpost/contracts';
import { queryString, useCan, useLoad, useT } from '@outpost/host';
import { Button, LoadState } from '@outpost/ui';
import { useState } from 'react';
import { DeleteNoteDialog } from '../notes/delete-note-dialog';
import { NoteForm } from '../notes/note-form';
import { NotesList } from '../notes/notes-list';

type Dialog = { kind: 'create' } | { kind: 'edit'; note: Note } | { kind: 'delete'; note: Note } | null;

/** notes: the notes on this player the viewer may read. */
export function PlayerNotesTab({ player, onChanged }: { player: PlayerDetail; onChanged(): void }) {
  const t = useT();
  const { state, reload } = useLoad(
    `/api/notes${queryString({ steamid: player.steamid, limit: 100 })}`,
    notesListResponseSchema,
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const canCreate = useCan('notes.create');
  const canEdit = useCan('notes.edit');
  const done = () => {
    setDialog(null);
    reload();
    onChanged();
  };
  return (
    <div className="player-notes">
      {canCreate && (
        <div className="tab-actions">
          <Button icon="plus" onClick={() => setDialog({ kind: 'create' })}>
            {t('players-bans-notes.notes.form.add')}
          </Button>
        </div>
      )}
      <LoadState state={state} what={t('players-bans-notes.what.notes')}>
        {(data) => (
          <NotesList
            notes={data.notes}
            mode="staff"
            hidePlayer
            onEdit={canEdit ? (note) => setDialog({ kind: 'edit', note }) : undefined}
            onDelete={canEdit ? (note) => setDialog({ kind: 'delete', note }) : undefined}
          />
        )}
      </LoadState>
      {dialog?.kind === 'create' && (
        <NoteForm steamid={player.steamid} onDone={done} onCancel={() => setDialog(null)} />
      )}
      {dialog?.kind === 'edit' && <NoteForm note={dialog.note} onDone={done} onCancel={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <DeleteNoteDialog note={dialog.note} onDone={done} onCancel={() => setDialog(null)} />
      )}
    </div>
  );
}
