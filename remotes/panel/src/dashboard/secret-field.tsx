import { type PanelSettings, panelSettingsSchema, panelSettingsUpdateSchema } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { Button, ConfirmDialog, Field, Input, Tag } from '@outpost/ui';
import { useState } from 'react';
import { CredentialTest } from './credential-test';
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
  test,
}: {
  label: string;
  field: 'steamApiKey' | 'sentryDsn';
  status: SecretStatus;
  environmentName: string;
  placeholder: string;
  onSaved(): void;
  /** A "Test" button: the typed value when there is one, else the value in use. */
  test?: 'steam-key';
}) {
  const host = useHost();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);

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
      <Tag tone="success">set here</Tag>
    ) : status.source === 'environment' ? (
      <Tag tone="info">set by {environmentName}</Tag>
    ) : (
      <Tag tone="neutral">not set</Tag>
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
            <Input
              {...control}
              type="password"
              autoComplete="off"
              placeholder={status.set ? 'Enter a new value to replace it' : placeholder}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
            <Button
              variant="primary"
              disabled={value.trim() === ''}
              busy={busy}
              onClick={() => void send(value.trim())}
            >
              Save
            </Button>
            {status.source === 'settings' && (
              <Button disabled={busy} onClick={() => setConfirmClear(true)}>
                Clear
              </Button>
            )}
          </div>
        )}
      </Field>
      {test && (
        <CredentialTest
          what={test}
          label={value.trim() ? 'Test this key' : 'Test the key in use'}
          disabled={!value.trim() && !status.set}
          body={(): Record<string, string> => (value.trim() ? { key: value.trim() } : {})}
        />
      )}
      {confirmClear && (
        <ConfirmDialog
          title={`Clear the ${label}?`}
          confirmLabel="Clear"
          danger
          onCancel={() => setConfirmClear(false)}
          onConfirm={async () => {
            await send(null);
            setConfirmClear(false);
          }}
        >
          <p>The saved value is gone for good; {environmentName} is used again if the server sets it.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
