import '../styles/panel.css';
import { useHost, useSessionStore } from '@outpost/host';
import { Button, ButtonLink, Card, Field, Input, PageHeader, RemoteRoot } from '@outpost/ui';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * /panel/first-time-setup: while nobody owns this Outpost, the person holding the setup
 * token (printed in the API's log) signs in, pastes it here and becomes the owner.
 */
export default function FirstTimeSetupPage() {
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
    host.notify({ level: 'success', message: 'You are now the owner of this Outpost' });
  };

  if (done) {
    return (
      <RemoteRoot id="panel">
        <Card title="Setup complete">
          <p>You now hold every permission. Next: set up your site, step by step (each step can wait).</p>
          {/* target=_self keeps the router out: a full load fetches the new permissions into the session. */}
          <p className="inline-controls">
            <ButtonLink variant="primary" href="/panel/setup-guide" target="_self">
              Set up your site
            </ButtonLink>
            <ButtonLink href="/panel/dashboard" target="_self">
              Open the Panel
            </ButtonLink>
          </p>
        </Card>
      </RemoteRoot>
    );
  }
  if (owned) {
    return (
      <RemoteRoot id="panel">
        <Card title="This Outpost already has an owner">
          <p>First-time setup is done: nothing to do here. The owner manages roles and settings in the panel.</p>
          <ButtonLink href="/panel/dashboard">Open the Panel</ButtonLink>
        </Card>
      </RemoteRoot>
    );
  }
  return (
    <RemoteRoot id="panel">
      <PageHeader
        title="Become the owner"
        description="While nobody owns this Outpost, the holder of the setup token claims it."
      />
      <Card>
        <p>
          Signed in as <strong>{name}</strong>. Paste the setup token that the server printed when it started (the setup
          link there fills it in), or the value of <code>OUTPOST_SETUP_TOKEN</code>.
        </p>
        <form
          className="panel-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (token.trim()) void submit();
          }}
        >
          <Field label="Setup token">
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
              Become owner
            </Button>
          </div>
        </form>
      </Card>
    </RemoteRoot>
  );
}
