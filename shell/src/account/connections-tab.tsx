import { connectionsResponseSchema, type Provider } from '@outpost/contracts';
import { useHost, useSessionStore } from '@outpost/host';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/catalogs';

/** SPEC 2 Connections tab: the fixed Steam entry, then the providers the server offers. */
export function ConnectionsTab() {
  const host = useHost();
  const t = useT();
  const session = useSessionStore((state) => state.session);
  const setProviders = useSessionStore((state) => state.setProviders);
  const [providers, setList] = useState<Provider[] | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const response = await host.apiFetch('/api/auth/connections');
      if (!response?.ok || !live) return;
      const parsed = connectionsResponseSchema.safeParse(await response.json());
      if (!parsed.success || !live) return;
      setList(parsed.data);
      // SPEC 4: updating providers replaces them and re-saves the session.
      setProviders(Object.fromEntries(parsed.data.map((provider) => [provider.id, provider])));
    })();
    return () => {
      live = false;
    };
  }, [host, setProviders]);

  return (
    <ul className="connections">
      <li className="connection">
        <img src="/img/providers/steam.png" alt="" width={32} height={32} />
        <div>
          <strong>Steam</strong>
          <div className="muted">{session?.name}</div>
        </div>
        <span className="muted connection-action">{t('shell.account.connections.cannotUnlink')}</span>
      </li>
      {providers === null && <li className="loading">{t('shell.account.connections.loading')}</li>}
      {providers?.map((provider) => (
        <ProviderEntry key={provider.id} provider={provider} />
      ))}
    </ul>
  );
}

function ProviderEntry({ provider }: { provider: Provider }) {
  const id = encodeURIComponent(provider.id);
  const t = useT();
  return (
    <li className="connection">
      <img src={provider.data?.avatarUrl ?? `/img/providers/${id}.svg`} alt="" width={32} height={32} />
      <div>
        <strong>{provider.name}</strong>
        {provider.expired ? (
          <div className="error-text">{t('shell.account.connections.expired')}</div>
        ) : (
          <div className="muted">
            {provider.enabled ? (provider.data?.username ?? '') : t('shell.account.connections.notLinked')}
          </div>
        )}
      </div>
      <a
        className="button is-small connection-action"
        href={`/api/auth/${id}/${provider.enabled ? 'revoke' : 'link'}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t(provider.enabled ? 'shell.account.connections.unlink' : 'shell.account.connections.link', {
          provider: provider.name,
        })}
      </a>
    </li>
  );
}
