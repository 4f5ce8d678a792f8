import type { Note } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { sendJson } from '../common/api';
import { ConfirmDialog } from '../common/confirm-dialog';

export function DeleteNoteDialog({ note, onDone, onCancel }: { note: Note; onDone(): void; onCancel(): void }) {
  const host = useHost();
  const confirm = async () => {
    if ((await sendJson(host, 'DELETE', `/api/notes/${note.id}`, undefined)) === null) return;
    host.notify({ level: 'success', message: 'Note deleted' });
    onDone();
  };
  return (
    <ConfirmDialog title="Delete this note?" confirmLabel="Delete note" danger onConfirm={confirm} onCancel={onCancel}>
      <p>
        The note on {note.playerName ?? note.steamid} by {note.authorName ?? 'unknown'} will be removed.
      </p>
    </ConfirmDialog>
  );
}
