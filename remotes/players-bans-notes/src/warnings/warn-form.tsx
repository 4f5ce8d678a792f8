import { warningCreatedSchema, warningCreateSchema } from '@outpost/contracts';
import { sendJson, useHost } from '@outpost/host';
import { Callout, Field, FormActions, Input, Modal } from '@outpost/ui';
import { type FormEvent, useState } from 'react';

/** Warn a player with a reason; says so when the warning reached a step of the site's ladder. */
export function WarnForm({ steamid, onDone, onCancel }: { steamid: string; onDone(): void; onCancel(): void }) {
  const host = useHost();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = warningCreateSchema.safeParse({ steamid, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    setError(null);
    setBusy(true);
    const saved = await sendJson(host, 'POST', '/api/warnings', parsed.data, warningCreatedSchema);
    setBusy(false);
    if (!saved.ok) return;
    const banId = saved.data === true ? null : saved.data.banId;
    host.notify({
      level: 'success',
      message: banId === null ? 'Warning given' : `Warning given: the warning ladder banned the player (ban #${banId})`,
    });
    onDone();
  };

  return (
    <Modal title="Warn player" onClose={onCancel} width="32rem">
      <form className="stack-form" onSubmit={submit} noValidate>
        <Field label="Reason" hint="Shown to the player on their profile and when they join a server">
          {(control) => (
            <Input {...control} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          )}
        </Field>
        {error && (
          <Callout tone="danger" role="alert">
            {error}
          </Callout>
        )}
        <FormActions submitLabel="Warn" busy={busy} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
