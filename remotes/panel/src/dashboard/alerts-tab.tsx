import { type AlertSubscription, alertSubscriptionSchema } from '@outpost/contracts';
import { useHost, useLoad } from '@outpost/host';
import { Checkbox, FormActions, LoadState } from '@outpost/ui';
import { useState } from 'react';
import { change } from './panel-api';

/** The Alerts tab: the signed-in staff member's own opt-in. */
export function AlertsTab() {
  const { state, reload } = useLoad('/api/panel/alerts', alertSubscriptionSchema);
  return (
    <section className="panel-section" aria-labelledby="alerts-title">
      <h2 id="alerts-title">My alerts</h2>
      <p className="muted">
        Alerts arrive as notifications in your bell. A server that keeps going up and down alerts at most once every 10
        minutes.
      </p>
      <LoadState state={state} what="your alert settings" onRetry={reload}>
        {(subscription) => <AlertsForm key={JSON.stringify(subscription)} initial={subscription} onSaved={reload} />}
      </LoadState>
    </section>
  );
}

function AlertsForm({ initial, onSaved }: { initial: AlertSubscription; onSaved(): void }) {
  const host = useHost();
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    const result = await change(host, 'PUT', '/api/panel/alerts', draft, alertSubscriptionSchema);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    host.notify({ level: 'success', message: 'Alert settings saved' });
    onSaved();
  };
  return (
    <form
      className="panel-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Checkbox
        label="When a server goes offline, and when it is back"
        checked={draft.serverStatus}
        onChange={(event) => setDraft({ ...draft, serverStatus: event.target.checked })}
      />
      <Checkbox
        label="When a new instance is ready, or creating it failed"
        checked={draft.instances}
        onChange={(event) => setDraft({ ...draft, instances: event.target.checked })}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <FormActions submitLabel="Save alert settings" busy={busy} />
    </form>
  );
}
