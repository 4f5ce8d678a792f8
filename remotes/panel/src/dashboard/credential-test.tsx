import { type CredentialCheck, credentialCheckSchema } from '@outpost/contracts';
import { useHost, useT } from '@outpost/host';
import { Button, Callout } from '@outpost/ui';
import { useState } from 'react';
import { change } from './panel-api';

const TONE = { ok: 'success', invalid: 'danger', unreachable: 'warning', refused: 'danger' } as const;
/** The verdict's lead-in before the API's message (none for a refusal: the message says it all). */
const LEAD = {
  ok: 'panel.dashboard.credential.ok',
  invalid: 'panel.dashboard.credential.invalid',
  unreachable: 'panel.dashboard.credential.unreachable',
  refused: null,
} as const;

/**
 * A "Test" button for a Steam Web API key or the Discord application (issue 24 item 2): asks the
 * API to try it against Steam or Discord, nothing saved, and shows the verdict under the button.
 * `body()` is what to test: a typed value, or {} for the one in use.
 */
export function CredentialTest({
  what,
  label,
  body,
  disabled,
}: {
  what: 'steam-key' | 'discord';
  label: string;
  body(): Record<string, string>;
  disabled?: boolean;
}) {
  const host = useHost();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<CredentialCheck | { result: 'refused'; message: string } | null>(null);
  const run = async () => {
    setBusy(true);
    setAnswer(null);
    const result = await change(host, 'POST', `/api/panel/settings/check-${what}`, body(), credentialCheckSchema);
    setBusy(false);
    if (!result.ok) setAnswer({ result: 'refused', message: result.message });
    else if (result.data !== true) setAnswer(result.data);
  };
  return (
    <div className="credential-test">
      <Button icon="check" busy={busy} disabled={disabled} onClick={() => void run()}>
        {label}
      </Button>
      {answer && (
        <Callout tone={TONE[answer.result]} role="status">
          {answer.result === 'refused' ? answer.message : t(LEAD[answer.result], { message: answer.message })}
        </Callout>
      )}
    </div>
  );
}
