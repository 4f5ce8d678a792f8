import { type TotpSetup, totpSetupSchema } from '@outpost/contracts';
import { SLOT, useHost, withNode } from '@outpost/host';
import { Field, FormActions } from '@outpost/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useT } from '../i18n/catalogs';
import { failureMessage, postJson } from '../security/webauthn-client';

/** Enrolling an authenticator app: the QR code (and its secret), then a code from the app. */
export function TotpSetupForm({ onDone, onCancel }: { onDone(recoveryCodes: string[]): void; onCancel(): void }) {
  const host = useHost();
  const t = useT();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A new secret as the form opens (it counts only once a code from it is confirmed).
  useEffect(() => {
    let live = true;
    void (async () => {
      const response = await host.apiFetch('/api/auth/second-factor/totp/setup', { method: 'POST' });
      const parsed = response?.ok ? totpSetupSchema.safeParse(await response.json()) : null;
      if (!live) return;
      if (parsed?.success) setSetup(parsed.data);
      else onCancel();
    })();
    return () => {
      live = false;
    };
  }, [host, onCancel]);
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const response = await postJson(host, '/api/auth/second-factor/totp/confirm', { code });
    setBusy(false);
    if (!response?.ok) return setError(await failureMessage(response, t('shell.account.totp.wrongCode')));
    const body = (await response.json()) as { recoveryCodes: string[] };
    onDone(body.recoveryCodes);
  };

  if (!setup) return <p className="loading">{t('shell.account.totp.making')}</p>;
  return (
    <form className="totp-setup" onSubmit={(event) => void confirm(event)}>
      <p>{t('shell.account.totp.scan')}</p>
      <img src={setup.qrCode} alt={t('shell.account.totp.qr')} width={180} height={180} />
      <p className="muted">
        {withNode(
          t('shell.account.totp.cannotScan', { secret: SLOT }),
          <code data-testid="totp-secret">{setup.secret}</code>,
        )}
      </p>
      <Field label={t('shell.account.totp.code')} error={error}>
        {(control) => (
          <input
            {...control}
            className="input"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
      <FormActions submitLabel={t('shell.account.totp.turnOn')} busy={busy} onCancel={onCancel} />
    </form>
  );
}
