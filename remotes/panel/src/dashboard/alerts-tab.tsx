import { type AlertSubscription, alertSubscriptionSchema } from '@outpost/contracts';
import { useHost, useLoad, useT } from '@outpost/host';
import { Checkbox, FormActions, LoadState } from '@outpost/ui';
import { useState } from 'react';
import { change } from './panel-api';

/** The Alerts tab: the signed-in staff member's own opt-in. */
export function AlertsTab() {
  const t = useT();
  const { state, reload } = useLoad('/api/panel/alerts', alertSubscriptionSchema);
  return (
    <section className="panel-section" aria-labelledby="alerts-title">
      <h2 id="alerts-title">{t('panel.dashboard.alerts.title')}</h2>
      <p className="muted">{t('panel.dashboard.alerts.description')}</p>
      <LoadState state={state} what={t('panel.dashboard.alerts.what')} onRetry={reload}>
        {(subscription) => <AlertsForm key={JSON.stringify(subscription)} initial={subscription} onSaved={reload} />}
      </LoadState>
    </section>
  );
}

function AlertsForm({ initial, onSaved }: { initial: AlertSubscription; onSaved(): void }) {
  const host = useHost();
  const t = useT();
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
    host.notify({ level: 'success', message: t('panel.dashboard.alerts.saved') });
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
        label={t('panel.dashboard.alerts.serverStatus')}
        checked={draft.serverStatus}
        onChange={(event) => setDraft({ ...draft, serverStatus: event.target.checked })}
      />
      <Checkbox
        label={t('panel.dashboard.alerts.instances')}
        checked={draft.instances}
        onChange={(event) => setDraft({ ...draft, instances: event.target.checked })}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <FormActions submitLabel={t('panel.dashboard.alerts.save')} busy={busy} />
    </form>
  );
}
