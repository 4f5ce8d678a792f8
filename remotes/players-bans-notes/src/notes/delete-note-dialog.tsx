import type { Note } from '@outpost/contracts';
import { sendJson, useHost } from '@outpost/host';
import { ConfirmDialog } from '@outpost/ui';

export function DeleteNoteDialog({ note, onDone, onCancel }: { note: Note; onDone(): void; onCancel(): void }) {
  const host = useHost();
  const confirm = async () => {
    if (!(await sendJson(host, 'DELETE', `/api/notes/${note.id}`)).ok) return;
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
