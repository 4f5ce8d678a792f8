import { type Ban, banSchema, unbanSchema } from '@outpost/contracts';
import { sendJson, useHost } from '@outpost/host';
import { ConfirmDialog, Field, TextArea } from '@outpost/ui';
import { useState } from 'react';

/** Confirmation before lifting a ban; the reason is required and kept with the ban. */
export function UnbanDialog({ ban, onDone, onCancel }: { ban: Ban; onDone(): void; onCancel(): void }) {
  const host = useHost();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    const parsed = unbanSchema.safeParse({ reason });
    if (!parsed.success) {
      setError('Say why the ban is lifted');
      return;
    }
    const result = await sendJson(host, 'POST', `/api/bans/${ban.id}/unban`, parsed.data, banSchema);
    if (!result.ok) return;
    host.notify({ level: 'success', message: `Ban #${ban.id} lifted` });
    onDone();
  };
  return (
    <ConfirmDialog
      title={`Unban ${ban.playerName ?? ban.steamid ?? `#${ban.id}`}?`}
      confirmLabel="Unban"
      danger
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <p>
        The ban stays in the history with your name and reason. Reason given: <em>{ban.reason}</em>
      </p>
      <Field label="Why is the ban lifted?" error={error}>
        {(control) => (
          <TextArea {...control} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        )}
      </Field>
    </ConfirmDialog>
  );
}
