import { gameTokenCreatedSchema, gameTokenStatusSchema } from '@outpost/contracts';
import { SLOT, useHost, useLoad, useT, withNode } from '@outpost/host';
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
  const t = useT();
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
      setError(result.ok ? t('panel.dashboard.token.noneBack') : result.message);
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
      host.notify({ level: 'error', message: t('panel.dashboard.token.copyRefused') });
    }
  };

  return (
    <Modal title={t('panel.dashboard.token.title', { name: serverName })} onClose={onClose} width="min(44rem, 100%)">
      <LoadState state={state} what={t('panel.dashboard.token.what')} onRetry={reload}>
        {(status) => (
          <>
            <p>
              {status.exists ? (
                <>
                  {withNode(
                    t('panel.dashboard.token.since', { since: SLOT }),
                    <RelativeTime value={status.createdAt} />,
                  )}{' '}
                  {status.lastUsed
                    ? withNode(
                        t('panel.dashboard.token.lastUsed', { when: SLOT }),
                        <RelativeTime value={status.lastUsed} />,
                      )
                    : t('panel.dashboard.token.neverUsed')}
                </>
              ) : (
                t('panel.dashboard.token.none')
              )}
            </p>
            {token ? (
              <div className="token-result">
                <p role="status">
                  <strong>{t('panel.dashboard.token.onlyOnce')}</strong> {t('panel.dashboard.token.putFile')}
                </p>
                <pre className="snippet" data-testid="plugin-config">
                  {snippet}
                </pre>
                <Button variant="primary" icon={copied ? 'check' : 'copy'} onClick={() => void copy()}>
                  {copied ? t('panel.dashboard.discord.copied') : t('panel.dashboard.token.copy')}
                </Button>
              </div>
            ) : (
              <Button
                variant="primary"
                icon="restart"
                onClick={() => (status.exists ? setAsking(true) : void create())}
              >
                {status.exists ? t('panel.dashboard.token.rotate') : t('panel.dashboard.token.create')}
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
          title={t('panel.dashboard.token.rotateTitle')}
          confirmLabel={t('panel.dashboard.token.rotate')}
          danger
          onConfirm={create}
          onCancel={() => setAsking(false)}
        >
          <p>{t('panel.dashboard.token.rotateBody')}</p>
        </ConfirmDialog>
      )}
    </Modal>
  );
}
