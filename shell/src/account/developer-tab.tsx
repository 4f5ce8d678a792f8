import { createdApiKeyResponseSchema, developerResponseSchema } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { DateTime } from '@outpost/ui';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/catalogs';

/** The question's English (the catalog's shell.account.developer.regenerateConfirm). */
export const REGENERATE_CONFIRMATION =
  'Are you sure you want to regenerate your apikey? The existing key will no longer work';

type ApiKeyInfo = { id: string; created: number; lastUsed: number | null };

/** SPEC 2 Developer tab: the API key's facts (never the key), create or regenerate; a new key is shown once. */
export function DeveloperTab() {
  const host = useHost();
  const t = useT();
  const [apikey, setApikey] = useState<ApiKeyInfo | null | undefined>(undefined);
  const [secret, setSecret] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const response = await host.apiFetch('/api/auth/developer');
      if (!response?.ok || !live) return;
      const parsed = developerResponseSchema.safeParse(await response.json());
      if (parsed.success && live) setApikey(parsed.data.apikey);
    })();
    return () => {
      live = false;
    };
  }, [host]);

  const generate = async () => {
    // SPEC 4: regenerating asks first when a key exists.
    if (apikey && !window.confirm(t('shell.account.developer.regenerateConfirm'))) return;
    const response = await host.apiFetch('/api/auth/developer/apikey', { method: 'POST' });
    if (!response?.ok) return;
    const parsed = createdApiKeyResponseSchema.safeParse(await response.json());
    if (!parsed.success) return;
    const { key, ...info } = parsed.data.apikey;
    setApikey(info);
    setSecret(key);
  };

  if (apikey === undefined) return <p className="loading">{t('shell.account.loading')}</p>;
  return (
    <div className="developer-tab">
      {secret && (
        <div className="notice is-warning" role="alert">
          <p>{t('shell.account.developer.newKey')}</p>
          <input
            className="input"
            readOnly
            value={secret}
            aria-label={t('shell.account.developer.newKeyLabel')}
            onFocus={(e) => e.target.select()}
          />
        </div>
      )}
      {apikey ? (
        <dl className="apikey-info">
          <dt>{t('shell.account.developer.keyId')}</dt>
          <dd>
            <input className="input" readOnly value={apikey.id} aria-label={t('shell.account.developer.keyId')} />
          </dd>
          <dt>{t('shell.account.developer.created')}</dt>
          <dd>
            <DateTime value={apikey.created} display="both" />
          </dd>
          <dt>{t('shell.account.developer.lastActive')}</dt>
          <dd>
            {apikey.lastUsed === null ? (
              t('shell.account.developer.never')
            ) : (
              <DateTime value={apikey.lastUsed} display="both" />
            )}
          </dd>
          <dd>
            <button type="button" className="link-button" onClick={() => void generate()}>
              {t('shell.account.developer.regenerate')}
            </button>
          </dd>
        </dl>
      ) : (
        <>
          <p>{t('shell.account.developer.none')}</p>
          <button type="button" className="button" onClick={() => void generate()}>
            {t('shell.account.developer.create')}
          </button>
        </>
      )}
    </div>
  );
}
