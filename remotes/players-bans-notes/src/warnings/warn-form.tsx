import { serverGroupsResponseSchema, warningCreatedSchema, warningCreateSchema } from '@outpost/contracts';
import { sendJson, useHost, useLoad, useT } from '@outpost/host';
import { Callout, Field, FormActions, Input, Modal, Select } from '@outpost/ui';
import { type FormEvent, useState } from 'react';

/** Warn a player with a reason; says so when the warning reached a step of the site's ladder. */
export function WarnForm({ steamid, onDone, onCancel }: { steamid: string; onDone(): void; onCancel(): void }) {
  const host = useHost();
  const t = useT();
  const [reason, setReason] = useState('');
  // The server it is about (optional): it then counts for that server's and group's ladder steps.
  const [serverId, setServerId] = useState('');
  const servers = useLoad('/api/servers', serverGroupsResponseSchema);
  const groups = servers.state.status === 'ready' ? servers.state.data : [];
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = warningCreateSchema.safeParse({ steamid, reason, ...(serverId ? { serverId } : {}) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('players-bans-notes.bans.form.check'));
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
      message:
        banId === null
          ? t('players-bans-notes.warnings.given')
          : t('players-bans-notes.warnings.givenBanned', { id: banId }),
    });
    onDone();
  };

  return (
    <Modal title={t('players-bans-notes.warnings.warnPlayer')} onClose={onCancel} width="32rem">
      <form className="stack-form" onSubmit={submit} noValidate>
        <Field label={t('players-bans-notes.bans.form.reason')} hint={t('players-bans-notes.warnings.form.reasonHint')}>
          {(control) => (
            <Input {...control} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          )}
        </Field>
        {groups.some((group) => group.servers.length > 0) && (
          <Field
            label={t('players-bans-notes.warnings.form.server')}
            hint={t('players-bans-notes.warnings.form.serverHint')}
          >
            {(control) => (
              <Select {...control} value={serverId} onChange={(e) => setServerId(e.target.value)}>
                <option value="">{t('players-bans-notes.warnings.form.none')}</option>
                {groups
                  .filter((group) => group.servers.length > 0)
                  .map((group) => (
                    <optgroup key={group.id} label={group.name}>
                      {group.servers.map((server) => (
                        <option key={server.id} value={server.id}>
                          {server.name}
                        </option>
                      ))}
                    </optgroup>
                  ))}
              </Select>
            )}
          </Field>
        )}
        {error && (
          <Callout tone="danger" role="alert">
            {error}
          </Callout>
        )}
        <FormActions submitLabel={t('players-bans-notes.warnings.form.submit')} busy={busy} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
