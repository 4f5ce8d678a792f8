import type { Note } from '@outpost/contracts';
import { sendJson, useHost, useT } from '@outpost/host';
import { ConfirmDialog } from '@outpost/ui';

export function DeleteNoteDialog({ note, onDone, onCancel }: { note: Note; onDone(): void; onCancel(): void }) {
  const host = useHost();
  const t = useT();
  const confirm = async () => {
    if (!(await sendJson(host, 'DELETE', `/api/notes/${note.id}`)).ok) return;
    host.notify({ level: 'success', message: t('players-bans-notes.notes.deleted') });
    onDone();
  };
  return (
    <ConfirmDialog
      title={t('players-bans-notes.notes.delete.title')}
      confirmLabel={t('players-bans-notes.notes.delete.confirm')}
      danger
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <p>
        {t('players-bans-notes.notes.delete.body', {
          player: note.playerName ?? note.steamid,
          author: note.authorName ?? t('players-bans-notes.common.actor.unknown'),
        })}
      </p>
    </ConfirmDialog>
  );
}
