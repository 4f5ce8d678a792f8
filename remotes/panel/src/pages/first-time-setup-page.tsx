import '../styles/panel.css';
import { SLOT, useHost, useSessionStore, useT } from '@outpost/host';
import { Button, ButtonLink, Card, Field, Input, PageHeader, RemoteRoot } from '@outpost/ui';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SLOT_2, withTwoNodes } from '../common/with-two-nodes';

/**
 * /panel/first-time-setup: while nobody owns this Outpost, the person holding the setup
 * token (printed in the API's log) signs in, pastes it here and becomes the owner.
 */
export default function FirstTimeSetupPage() {
  const t = useT();
  const host = useHost();
  const name = useSessionStore((state) => state.session?.name);
  // The setup URL the server logs carries the token: prefill it.
  const [params] = useSearchParams();
  const [token, setToken] = useState(() => params.get('token') ?? '');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  // Null until the server says; an owner who already exists is not asked for a token.
  const [owned, setOwned] = useState<boolean | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const response = await host.apiFetch('/api/panel/setup');
      const body: unknown = response?.ok ? await response.json().catch(() => null) : null;
      if (live && body && typeof body === 'object' && 'setupNeeded' in body) setOwned(body.setupNeeded === false);
    })();
    return () => {
      live = false;
    };
  }, [host]);

  const submit = async () => {
    setBusy(true);
    const response = await host.apiFetch('/api/panel/setup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: token.trim() }),
    });
    setBusy(false);
    if (!response?.ok) return;
    setDone(true);
    host.notify({ level: 'success', message: t('panel.firstTimeSetup.notify') });
  };

  if (done) {
    return (
      <RemoteRoot id="panel">
        <Card title={t('panel.firstTimeSetup.done.title')}>
          <p>{t('panel.firstTimeSetup.done.body')}</p>
          {/* target=_self keeps the router out: a full load fetches the new permissions into the session. */}
          <p className="inline-controls">
            <ButtonLink variant="primary" href="/panel/setup-guide" target="_self">
              {t('panel.firstTimeSetup.done.setUp')}
            </ButtonLink>
            <ButtonLink href="/panel/dashboard" target="_self">
              {t('panel.common.openPanel')}
            </ButtonLink>
          </p>
        </Card>
      </RemoteRoot>
    );
  }
  if (owned) {
    return (
      <RemoteRoot id="panel">
        <Card title={t('panel.firstTimeSetup.owned.title')}>
          <p>{t('panel.firstTimeSetup.owned.body')}</p>
          <ButtonLink href="/panel/dashboard">{t('panel.common.openPanel')}</ButtonLink>
        </Card>
      </RemoteRoot>
    );
  }
  return (
    <RemoteRoot id="panel">
      <PageHeader title={t('panel.firstTimeSetup.title')} description={t('panel.firstTimeSetup.description')} />
      <Card>
        <p>
          {withTwoNodes(
            t('panel.firstTimeSetup.intro', { name: SLOT, variable: SLOT_2 }),
            <strong>{name}</strong>,
            <code>OUTPOST_SETUP_TOKEN</code>,
          )}
        </p>
        <form
          className="panel-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (token.trim()) void submit();
          }}
        >
          <Field label={t('panel.firstTimeSetup.token')}>
            {(control) => (
              <Input
                {...control}
                name="token"
                autoComplete="off"
                value={token}
                maxLength={200}
                onChange={(event) => setToken(event.target.value)}
              />
            )}
          </Field>
          <div className="form-actions">
            <Button variant="primary" type="submit" busy={busy} disabled={!token.trim()}>
              {t('panel.firstTimeSetup.submit')}
            </Button>
          </div>
        </form>
      </Card>
    </RemoteRoot>
  );
}
