import { type PanelSettings, panelSettingsSchema, panelSettingsUpdateSchema } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { Field, Tag } from '@outpost/ui';
import { useState } from 'react';
import { change } from './panel-api';

type SecretStatus = PanelSettings['secrets']['steamApiKey'];

/** A write-only secret: shows whether it is set (and from where), takes a new value, or clears it. */
export function SecretField({
  label,
  field,
  status,
  environmentName,
  placeholder,
  onSaved,
}: {
  label: string;
  field: 'steamApiKey' | 'sentryDsn';
  status: SecretStatus;
  environmentName: string;
  placeholder: string;
  onSaved(): void;
}) {
  const host = useHost();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (next: string | null) => {
    const body = { [field]: next };
    const checked = panelSettingsUpdateSchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Not valid');
      return;
    }
    setError(null);
    setBusy(true);
    const result = await change(host, 'PUT', '/api/panel/settings', checked.data, panelSettingsSchema);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setValue('');
    host.notify({ level: 'success', message: next === null ? `${label} cleared` : `${label} saved` });
    onSaved();
  };

  const state =
    status.source === 'settings' ? (
      <Tag tone="light">set here</Tag>
    ) : status.source === 'environment' ? (
      <Tag tone="light">set by {environmentName}</Tag>
    ) : (
      <Tag tone="muted">not set</Tag>
    );
  return (
    <div className="secret-field">
      <Field
        label={
          <>
            {label} {state}
          </>
        }
        error={error}
      >
        {(control) => (
          <div className="inline-controls">
            <input
              {...control}
              className="input"
              type="password"
              autoComplete="off"
              placeholder={status.set ? 'Enter a new value to replace it' : placeholder}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
            <button
              type="button"
              className="button"
              disabled={busy || value.trim() === ''}
              onClick={() => void send(value.trim())}
            >
              Save
            </button>
            {status.source === 'settings' && (
              <button type="button" className="button is-light" disabled={busy} onClick={() => void send(null)}>
                Clear
              </button>
            )}
          </div>
        )}
      </Field>
    </div>
  );
}
