import { type PanelSettings, panelSettingsSchema, panelSettingsUpdateSchema } from '@outpost/contracts';
import { useHost, useT } from '@outpost/host';
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
  const t = useT();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);

  const send = async (next: string | null) => {
    const body = { [field]: next };
    const checked = panelSettingsUpdateSchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? t('panel.dashboard.secret.notValid'));
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
    host.notify({
      level: 'success',
      message:
        next === null ? t('panel.dashboard.secret.cleared', { label }) : t('panel.dashboard.secret.saved', { label }),
    });
    onSaved();
  };

  const state =
    status.source === 'settings' ? (
      <Tag tone="success">{t('panel.dashboard.secret.setHere')}</Tag>
    ) : status.source === 'environment' ? (
      <Tag tone="info">{t('panel.dashboard.secret.setBy', { name: environmentName })}</Tag>
    ) : (
      <Tag tone="neutral">{t('panel.dashboard.secret.notSet')}</Tag>
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
              placeholder={status.set ? t('panel.dashboard.secret.replace') : placeholder}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
            <Button
              variant="primary"
              disabled={value.trim() === ''}
              busy={busy}
              onClick={() => void send(value.trim())}
            >
              {t('panel.dashboard.secret.save')}
            </Button>
            {status.source === 'settings' && (
              <Button disabled={busy} onClick={() => setConfirmClear(true)}>
                {t('panel.dashboard.secret.clear')}
              </Button>
            )}
          </div>
        )}
      </Field>
      {test && (
        <CredentialTest
          what={test}
          label={value.trim() ? t('panel.dashboard.secret.testTyped') : t('panel.dashboard.secret.testInUse')}
          disabled={!value.trim() && !status.set}
          body={(): Record<string, string> => (value.trim() ? { key: value.trim() } : {})}
        />
      )}
      {confirmClear && (
        <ConfirmDialog
          title={t('panel.dashboard.secret.clearTitle', { label })}
          confirmLabel={t('panel.dashboard.secret.clear')}
          danger
          onCancel={() => setConfirmClear(false)}
          onConfirm={async () => {
            await send(null);
            setConfirmClear(false);
          }}
        >
          <p>{t('panel.dashboard.secret.clearBody', { name: environmentName })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
