import { type TotpSetup, totpSetupSchema } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { Field, FormActions } from '@outpost/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { failureMessage, postJson } from '../security/webauthn-client';

/** Enrolling an authenticator app: the QR code (and its secret), then a code from the app. */
export function TotpSetupForm({ onDone, onCancel }: { onDone(recoveryCodes: string[]): void; onCancel(): void }) {
  const host = useHost();
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
    if (!response?.ok) return setError(await failureMessage(response, 'That code is not right'));
    const body = (await response.json()) as { recoveryCodes: string[] };
    onDone(body.recoveryCodes);
  };

  if (!setup) return <p className="loading">Making a new key…</p>;
  return (
    <form className="totp-setup" onSubmit={(event) => void confirm(event)}>
      <p>Scan this code with your authenticator app, then enter the 6-digit code it shows.</p>
      <img src={setup.qrCode} alt="QR code for your authenticator app" width={180} height={180} />
      <p className="muted">
        Cannot scan? Enter this key: <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      <Field label="Code from the app" error={error}>
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
      <FormActions submitLabel="Turn on" busy={busy} onCancel={onCancel} />
    </form>
  );
}
