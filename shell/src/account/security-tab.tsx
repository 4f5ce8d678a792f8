import { type SecondFactorStatus, secondFactorStatusSchema } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { DateTime } from '@outpost/ui';
import { useCallback, useEffect, useState } from 'react';
import { addPasskey } from '../security/webauthn-client';
import { RecoveryCodesView } from './recovery-codes-view';
import { TotpSetupForm } from './totp-setup';

/**
 * Issue 31: the Security tab. An authenticator app (TOTP), passkeys and recovery codes; once
 * one is set up, dangerous actions ask for it (every change here too, through the prompt).
 */
export function SecurityTab() {
  const host = useHost();
  const [status, setStatus] = useState<SecondFactorStatus | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [settingUp, setSettingUp] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const response = await host.apiFetch('/api/auth/second-factor');
    const parsed = response?.ok ? secondFactorStatusSchema.safeParse(await response.json()) : null;
    if (parsed?.success) setStatus(parsed.data);
  }, [host]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const stopSettingUp = useCallback(() => setSettingUp(false), []);
  const showCodes = (recoveryCodes: string[]) => {
    if (recoveryCodes.length > 0) setCodes(recoveryCodes);
    void refresh();
  };
  const remove = async (path: string) => {
    const response = await host.apiFetch(path, { method: 'DELETE' });
    if (response?.ok) void refresh();
  };
  const newCodes = async () => {
    const response = await host.apiFetch('/api/auth/second-factor/recovery-codes', { method: 'POST' });
    if (response?.ok) showCodes(((await response.json()) as { recoveryCodes: string[] }).recoveryCodes);
  };
  const passkey = async () => {
    const name = window.prompt('A name for this passkey (e.g. Laptop)', 'Passkey')?.trim();
    if (!name) return;
    const result = await addPasskey(host, name.slice(0, 80));
    if ('error' in result) return setMessage(result.error);
    setMessage(null);
    showCodes(result.recoveryCodes);
  };

  if (!status) return <p className="loading">Loading…</p>;
  return (
    <div className="security-tab">
      {status.withheld && (
        <div className="notice is-warning" role="alert">
          Your role{status.requiredBy.length > 1 ? 's' : ''} {status.requiredBy.map((role) => role.name).join(', ')}{' '}
          require a second factor: set one up below to get their permissions.
        </div>
      )}
      {codes && <RecoveryCodesView codes={codes} onDone={() => setCodes(null)} />}
      <h3>Authenticator app</h3>
      {status.totp ? (
        <p>
          <span className="tag is-success">On</span>{' '}
          <button type="button" className="link-button" onClick={() => void remove('/api/auth/second-factor/totp')}>
            Remove
          </button>
        </p>
      ) : settingUp ? (
        <TotpSetupForm
          onCancel={stopSettingUp}
          onDone={(recoveryCodes) => {
            setSettingUp(false);
            showCodes(recoveryCodes);
          }}
        />
      ) : (
        <button type="button" className="button" onClick={() => setSettingUp(true)}>
          Set up an authenticator app
        </button>
      )}
      <h3>Passkeys</h3>
      {status.passkeys.length === 0 ? (
        <p className="muted">No passkeys.</p>
      ) : (
        <ul className="passkeys" aria-label="Passkeys">
          {status.passkeys.map((key) => (
            <li key={key.id}>
              {key.name}{' '}
              <span className="muted">
                added <DateTime value={key.createdAt} display="both" />
              </span>{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => void remove(`/api/auth/second-factor/passkeys/${encodeURIComponent(key.id)}`)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
      <button type="button" className="button is-light" onClick={() => void passkey()}>
        Add a passkey
      </button>
      {status.enrolled && (
        <>
          <h3>Recovery codes</h3>
          <p>
            {status.recoveryCodesLeft} of 10 left.{' '}
            <button type="button" className="link-button" onClick={() => void newCodes()}>
              Make new codes
            </button>
          </p>
          <p className="muted">
            Dangerous actions ask for your second factor when it was last confirmed more than{' '}
            {status.stepUpWindowMinutes} minutes ago.
          </p>
        </>
      )}
    </div>
  );
}
