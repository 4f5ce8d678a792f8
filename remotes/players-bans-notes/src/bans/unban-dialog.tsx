import { type Ban, banSchema, unbanSchema } from '@outpost/contracts';
import { SLOT, sendJson, useHost, useT, withNode } from '@outpost/host';
import { ConfirmDialog, Field, TextArea } from '@outpost/ui';
import { useState } from 'react';
import { banReason } from '../common/ban-words';

/** Confirmation before lifting a ban; the reason is required and kept with the ban. */
export function UnbanDialog({ ban, onDone, onCancel }: { ban: Ban; onDone(): void; onCancel(): void }) {
  const host = useHost();
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    const parsed = unbanSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(t('players-bans-notes.bans.unban.reasonMissing'));
      return;
    }
    const result = await sendJson(host, 'POST', `/api/bans/${ban.id}/unban`, parsed.data, banSchema);
    if (!result.ok) return;
    host.notify({ level: 'success', message: t('players-bans-notes.bans.unban.done', { id: ban.id }) });
    onDone();
  };
  return (
    <ConfirmDialog
      title={t('players-bans-notes.bans.unban.title', { name: ban.playerName ?? ban.steamid ?? `#${ban.id}` })}
      confirmLabel={t('players-bans-notes.bans.unban.confirm')}
      danger
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <p>{withNode(t('players-bans-notes.bans.unban.body', { reason: SLOT }), <em>{banReason(ban)}</em>)}</p>
      <Field label={t('players-bans-notes.bans.unban.reason')} error={error}>
        {(control) => (
          <TextArea {...control} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        )}
      </Field>
    </ConfirmDialog>
  );
}
