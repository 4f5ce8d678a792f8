import { gameTokenCreatedSchema, gameTokenStatusSchema } from '@outpost/contracts';
import { useHost, useLoad } from '@outpost/host';
import { Button, Callout, ConfirmDialog, LoadState, Modal, RelativeTime } from '@outpost/ui';
import { useState } from 'react';
import { change } from './panel-api';

/** The plugin config a server needs, with the token filled in (SourceMod KeyValues). */
export function pluginConfigSnippet(origin: string, token: string): string {
  return [
    '// addons/sourcemod/configs/outpost.cfg',
    '"Outpost"',
    '{',
    `\t"url"\t\t"${origin}/api/game"`,
    `\t"token"\t\t"${token}"`,
    '}',
  ].join('\n');
}

/** A server's plugin token: its state, create or rotate it, and the new one shown once with its config. */
export function PluginToken({
  serverId,
  serverName,
  onClose,
}: {
  serverId: string;
  serverName: string;
  onClose(): void;
}) {
  const host = useHost();
  const path = `/api/game-tokens/${encodeURIComponent(serverId)}`;
  const { state, reload } = useLoad(path, gameTokenStatusSchema);
  const [asking, setAsking] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const create = async () => {
    const result = await change(host, 'POST', path, undefined, gameTokenCreatedSchema);
    setAsking(false);
    if (!result.ok || result.data === true) {
      setError(result.ok ? 'No token came back' : result.message);
      return;
    }
    setError(null);
    setToken(result.data.token);
    reload();
  };
  const snippet = token ? pluginConfigSnippet(window.location.origin, token) : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
    } catch {
      host.notify({ level: 'error', message: 'The browser did not allow copying: select the text and copy it' });
    }
  };

  return (
    <Modal title={`Plugin token: ${serverName}`} onClose={onClose} width="min(44rem, 100%)">
      <LoadState state={state} what="the token" onRetry={reload}>
        {(status) => (
          <>
            <p>
              {status.exists ? (
                <>
                  A token exists since <RelativeTime value={status.createdAt} />; last used{' '}
                  {status.lastUsed ? <RelativeTime value={status.lastUsed} /> : 'never'}.
                </>
              ) : (
                'This server has no token yet: its plugin cannot reach Outpost.'
              )}
            </p>
            {token ? (
              <div className="token-result">
                <p role="status">
                  <strong>Copy it now: this token is shown only once.</strong> Put this file on the game server and
                  reload the plugin (or change the map).
                </p>
                <pre className="snippet" data-testid="plugin-config">
                  {snippet}
                </pre>
                <Button variant="primary" icon={copied ? 'check' : 'copy'} onClick={() => void copy()}>
                  {copied ? 'Copied' : 'Copy config'}
                </Button>
              </div>
            ) : (
              <Button
                variant="primary"
                icon="restart"
                onClick={() => (status.exists ? setAsking(true) : void create())}
              >
                {status.exists ? 'Rotate token' : 'Create token'}
              </Button>
            )}
            {error && (
              <Callout tone="danger" role="alert">
                {error}
              </Callout>
            )}
          </>
        )}
      </LoadState>
      {asking && (
        <ConfirmDialog
          title="Rotate the token?"
          confirmLabel="Rotate token"
          danger
          onConfirm={create}
          onCancel={() => setAsking(false)}
        >
          <p>The current token stops working at once: the server's plugin needs the new one.</p>
        </ConfirmDialog>
      )}
    </Modal>
  );
}
