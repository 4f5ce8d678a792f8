import { useHost } from '@outpost/host';
import { Field, FormActions, Modal } from '@outpost/ui';
import { type FormEvent, useState } from 'react';
import { accountCatalogs } from '../account/catalogs';
import { useT } from '../i18n/catalogs';
import { useStepUpStore } from './step-up-store';
import { failureMessage, postJson, proveWithPasskey } from './webauthn-client';

export { accountCatalogs };

/**
 * Issue 31: a dangerous action asked for a recent second factor. The person types a code from
 * their authenticator app (or a recovery code) or uses a passkey; the action is then retried.
 */
export function StepUpPrompt() {
  const host = useHost();
  const t = useT();
  const settle = useStepUpStore((state) => state.settle);
  const [method, setMethod] = useState<'totp' | 'recovery'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const response = await postJson(host, '/api/auth/step-up', { method, code });
    setBusy(false);
    if (response?.ok) return settle(true);
    setError(await failureMessage(response, t('shell.account.totp.wrongCode')));
  };
  const passkey = async () => {
    setBusy(true);
    const problem = await proveWithPasskey(host);
    setBusy(false);
    if (problem === null) return settle(true);
    setError(problem);
  };

  return (
    <Modal title={t('shell.account.stepUp.title')} onClose={() => settle(false)} width="24rem">
      <form className="step-up-form" onSubmit={(event) => void submit(event)}>
        <p>{t('shell.account.stepUp.intro')}</p>
        <Field
          label={method === 'totp' ? t('shell.account.stepUp.appCode') : t('shell.account.stepUp.recoveryCode')}
          error={error}
          hint={method === 'recovery' ? t('shell.account.stepUp.once') : undefined}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              // biome-ignore lint/a11y/noAutofocus: the prompt exists to take this code
              autoFocus
              autoComplete="one-time-code"
              inputMode={method === 'totp' ? 'numeric' : 'text'}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </Field>
        <FormActions submitLabel={t('shell.account.stepUp.confirm')} busy={busy} onCancel={() => settle(false)} />
        <p className="step-up-alternatives">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setMethod(method === 'totp' ? 'recovery' : 'totp');
              setCode('');
              setError(null);
            }}
          >
            {method === 'totp' ? t('shell.account.stepUp.useRecovery') : t('shell.account.stepUp.useApp')}
          </button>
          <button type="button" className="link-button" disabled={busy} onClick={() => void passkey()}>
            {t('shell.account.stepUp.usePasskey')}
          </button>
        </p>
      </form>
    </Modal>
  );
}
