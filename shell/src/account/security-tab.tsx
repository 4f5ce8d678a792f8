import { type SecondFactorStatus, secondFactorStatusSchema } from '@outpost/contracts';
import { SLOT, useHost, withNode } from '@outpost/host';
import { DateTime } from '@outpost/ui';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../i18n/catalogs';
import { addPasskey } from '../security/webauthn-client';
import { RecoveryCodesView } from './recovery-codes-view';
import { TotpSetupForm } from './totp-setup';

/**
 * Issue 31: the Security tab. An authenticator app (TOTP), passkeys and recovery codes; once
 * one is set up, dangerous actions ask for it (every change here too, through the prompt).
 */
export function SecurityTab() {
  const host = useHost();
  const t = useT();
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
    const name = window
      .prompt(t('shell.account.security.passkeyName'), t('shell.account.security.passkeyDefault'))
      ?.trim();
    if (!name) return;
    const result = await addPasskey(host, name.slice(0, 80));
    if ('error' in result) return setMessage(result.error);
    setMessage(null);
    showCodes(result.recoveryCodes);
  };

  if (!status) return <p className="loading">{t('shell.account.loading')}</p>;
  return (
    <div className="security-tab">
      {status.withheld && (
        <div className="notice is-warning" role="alert">
          {t('shell.account.security.withheld', {
            count: status.requiredBy.length,
            roles: status.requiredBy.map((role) => role.name).join(', '),
          })}
        </div>
      )}
      {codes && <RecoveryCodesView codes={codes} onDone={() => setCodes(null)} />}
      <h3>{t('shell.account.security.app')}</h3>
      {status.totp ? (
        <p>
          <span className="tag is-success">{t('shell.account.security.on')}</span>{' '}
          <button type="button" className="link-button" onClick={() => void remove('/api/auth/second-factor/totp')}>
            {t('shell.account.security.remove')}
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
          {t('shell.account.security.setUpApp')}
        </button>
      )}
      <h3>{t('shell.account.security.passkeys')}</h3>
      {status.passkeys.length === 0 ? (
        <p className="muted">{t('shell.account.security.noPasskeys')}</p>
      ) : (
        <ul className="passkeys" aria-label={t('shell.account.security.passkeys')}>
          {status.passkeys.map((key) => (
            <li key={key.id}>
              {key.name}{' '}
              <span className="muted">
                {withNode(
                  t('shell.account.security.added', { date: SLOT }),
                  <DateTime value={key.createdAt} display="both" />,
                )}
              </span>{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => void remove(`/api/auth/second-factor/passkeys/${encodeURIComponent(key.id)}`)}
              >
                {t('shell.account.security.remove')}
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
        {t('shell.account.security.addPasskey')}
      </button>
      {status.enrolled && (
        <>
          <h3>{t('shell.account.recovery.title')}</h3>
          <p>
            {t('shell.account.security.codesLeft', { left: status.recoveryCodesLeft })}{' '}
            <button type="button" className="link-button" onClick={() => void newCodes()}>
              {t('shell.account.security.newCodes')}
            </button>
          </p>
          <p className="muted">{t('shell.account.security.window', { minutes: status.stepUpWindowMinutes })}</p>
        </>
      )}
    </div>
  );
}
