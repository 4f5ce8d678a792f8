import { useHost } from '@outpost/host';
import { Field, FormActions, Modal } from '@outpost/ui';
import { type FormEvent, useState } from 'react';
import { useStepUpStore } from './step-up-store';
import { failureMessage, postJson, proveWithPasskey } from './webauthn-client';

/**
 * Issue 31: a dangerous action asked for a recent second factor. The person types a code from
 * their authenticator app (or a recovery code) or uses a passkey; the action is then retried.
 */
export function StepUpPrompt() {
  const host = useHost();
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
    setError(await failureMessage(response, 'That code is not right'));
  };
  const passkey = async () => {
    setBusy(true);
    const problem = await proveWithPasskey(host);
    setBusy(false);
    if (problem === null) return settle(true);
    setError(problem);
  };

  return (
    <Modal title="Confirm it is you" onClose={() => settle(false)} width="24rem">
      <form className="step-up-form" onSubmit={(event) => void submit(event)}>
        <p>This action changes who can do what. Confirm it with your second factor.</p>
        <Field
          label={method === 'totp' ? 'Code from your authenticator app' : 'Recovery code'}
          error={error}
          hint={method === 'recovery' ? 'Each recovery code works once.' : undefined}
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
        <FormActions submitLabel="Confirm" busy={busy} onCancel={() => settle(false)} />
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
            {method === 'totp' ? 'Use a recovery code' : 'Use a code from the app'}
          </button>
          <button type="button" className="link-button" disabled={busy} onClick={() => void passkey()}>
            Use a passkey
          </button>
        </p>
      </form>
    </Modal>
  );
}
