import {
  type FederationCategory,
  type FederationSubscription,
  federationSubscriptionSchema,
  federationSubscriptionsSchema,
} from '@outpost/contracts';
import { useHost, useLoad, useT } from '@outpost/host';
import {
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  DescriptionList,
  Field,
  Fieldset,
  Input,
  LoadState,
  Modal,
  RadioGroup,
  RelativeTime,
  StatusBadge,
} from '@outpost/ui';
import { useState } from 'react';
import { change } from '../dashboard/panel-api';
import { CATEGORIES, CATEGORY_KEYS } from './categories';

type Mode = FederationSubscription['mode'];
const MODES = [
  { value: 'review' as const, label: 'panel.federation.mode.review', hint: 'panel.federation.mode.reviewHint' },
  { value: 'apply' as const, label: 'panel.federation.mode.apply', hint: 'panel.federation.mode.applyHint' },
];

/** The feeds this site takes (issue 29): add one by address and pinned fingerprint; see each one's state and rate. */
export function SubscriptionsCard() {
  const t = useT();
  const { state, reload } = useLoad('/api/panel/federation/subscriptions', federationSubscriptionsSchema);
  const [adding, setAdding] = useState(false);
  return (
    <Card
      title={t('panel.federation.subscriptions.title')}
      description={t('panel.federation.subscriptions.description')}
      actions={
        <Button variant="primary" onClick={() => setAdding(true)}>
          {t('panel.federation.subscriptions.subscribe')}
        </Button>
      }
    >
      <LoadState state={state} what={t('panel.federation.subscriptions.what')} onRetry={reload}>
        {({ subscriptions }) =>
          subscriptions.length === 0 ? (
            <p className="muted">{t('panel.federation.subscriptions.empty')}</p>
          ) : (
            <div className="federation-subscriptions">
              {subscriptions.map((subscription) => (
                <SubscriptionItem key={subscription.id} subscription={subscription} onChanged={reload} />
              ))}
            </div>
          )
        }
      </LoadState>
      {adding && (
        <SubscribeDialog
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            reload();
          }}
        />
      )}
    </Card>
  );
}

function CategoryChoice({
  value,
  onChange,
}: {
  value: FederationCategory[];
  onChange(next: FederationCategory[]): void;
}) {
  const t = useT();
  return (
    <Fieldset legend={t('panel.federation.categoriesTaken')} className="federation-kinds">
      {CATEGORIES.map((category) => (
        <Checkbox
          key={category}
          label={t(CATEGORY_KEYS[category])}
          checked={value.includes(category)}
          onChange={(event) =>
            onChange(event.target.checked ? [...value, category] : value.filter((known) => known !== category))
          }
        />
      ))}
    </Fieldset>
  );
}

function SubscribeDialog({ onClose, onAdded }: { onClose(): void; onAdded(): void }) {
  const t = useT();
  const host = useHost();
  const [site, setSite] = useState('');
  const [fingerprint, setFingerprint] = useState('');
  const [categories, setCategories] = useState<FederationCategory[]>(['cheating']);
  const [mode, setMode] = useState<Mode>('review');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const result = await change(
      host,
      'POST',
      '/api/panel/federation/subscriptions',
      { site, fingerprint, categories, mode },
      federationSubscriptionSchema,
    );
    setBusy(false);
    if (!result.ok) return setError(result.message);
    host.notify({ level: 'success', message: t('panel.federation.subscribed', { site }) });
    onAdded();
  };
  return (
    <Modal
      title={t('panel.federation.subscriptions.subscribe')}
      onClose={onClose}
      footer={
        <>
          <Button variant="primary" busy={busy} onClick={submit}>
            {t('panel.federation.subscribe')}
          </Button>
          <Button onClick={onClose}>{t('panel.federation.cancel')}</Button>
        </>
      }
    >
      <Field label={t('panel.federation.siteAddress')} hint={t('panel.federation.siteAddressHint')}>
        {(control) => <Input {...control} value={site} onChange={(event) => setSite(event.target.value)} />}
      </Field>
      <Field label={t('panel.federation.keyFingerprint')} hint={t('panel.federation.keyFingerprintHint')}>
        {(control) => (
          <Input {...control} value={fingerprint} onChange={(event) => setFingerprint(event.target.value)} />
        )}
      </Field>
      <CategoryChoice value={categories} onChange={setCategories} />
      <RadioGroup
        legend={t('panel.federation.newBans')}
        value={mode}
        options={MODES.map((option) => ({ ...option, label: t(option.label), hint: t(option.hint) }))}
        onChange={setMode}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}

function SubscriptionItem({ subscription, onChanged }: { subscription: FederationSubscription; onChanged(): void }) {
  const t = useT();
  const host = useHost();
  const [removing, setRemoving] = useState(false);
  const [pinning, setPinning] = useState(false);
  const act = async (method: 'PATCH' | 'POST' | 'DELETE', path: string, body?: unknown, done?: string) => {
    const result = await change(host, method, `/api/panel/federation/subscriptions/${subscription.id}${path}`, body);
    if (!result.ok) host.notify({ level: 'error', title: t('panel.federation.notDone'), message: result.message });
    else if (done) host.notify({ level: 'success', message: done });
    onChanged();
  };
  const stopped = subscription.state !== 'active';
  return (
    <article className="federation-subscription" aria-label={subscription.name}>
      <header className="federation-subscription-head">
        <h3>{subscription.name}</h3>
        <StatusBadge status={`feed.${subscription.state}`} />
      </header>
      {subscription.problem && (
        <p className="field-error" role="alert">
          {subscription.problem}
        </p>
      )}
      <DescriptionList
        items={[
          { term: t('panel.federation.term.address'), value: subscription.site },
          {
            term: t('panel.federation.term.fingerprint'),
            value: <span className="federation-fingerprint">{subscription.fingerprint}</span>,
          },
          {
            term: t('panel.federation.term.takes'),
            value: subscription.categories.map((category) => t(CATEGORY_KEYS[category])).join(', '),
          },
          {
            term: t('panel.federation.newBans'),
            value:
              subscription.mode === 'apply' ? t('panel.federation.appliedAtOnce') : t('panel.federation.mode.review'),
          },
          {
            term: t('panel.federation.term.lastRead'),
            value:
              subscription.lastPolledAt === null ? (
                t('panel.federation.notYet')
              ) : (
                <RelativeTime value={subscription.lastPolledAt} />
              ),
          },
          {
            term: t('panel.federation.term.lastDay'),
            value: t('panel.federation.lastDay', {
              received: subscription.receivedLastDay,
              usual: subscription.usualPerDay,
            }),
          },
          { term: t('panel.federation.term.applied'), value: String(subscription.applied) },
          { term: t('panel.federation.term.waiting'), value: String(subscription.pending) },
        ]}
      />
      <div className="federation-actions">
        <Button onClick={() => act('POST', '/read', undefined, t('panel.federation.feedRead'))}>
          {t('panel.federation.readNow')}
        </Button>
        {stopped ? (
          <Button onClick={() => act('PATCH', '', { paused: false }, t('panel.federation.feedResumed'))}>
            {t('panel.federation.resume')}
          </Button>
        ) : (
          <Button onClick={() => act('PATCH', '', { paused: true }, t('panel.federation.feedPaused'))}>
            {t('panel.federation.pause')}
          </Button>
        )}
        {subscription.state === 'key-changed' && (
          <Button onClick={() => setPinning(true)}>{t('panel.federation.pinNew')}</Button>
        )}
        <Button
          onClick={() =>
            act(
              'PATCH',
              '',
              { mode: subscription.mode === 'apply' ? 'review' : 'apply' },
              t('panel.federation.subscriptionChanged'),
            )
          }
        >
          {subscription.mode === 'apply' ? t('panel.federation.toReview') : t('panel.federation.toApply')}
        </Button>
        <Button variant="danger" onClick={() => setRemoving(true)}>
          {t('panel.federation.unsubscribeDots')}
        </Button>
      </div>
      {pinning && (
        <PinDialog
          name={subscription.name}
          onClose={() => setPinning(false)}
          onPin={async (fingerprint) => {
            setPinning(false);
            await act('PATCH', '', { fingerprint }, t('panel.federation.pinned'));
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={t('panel.federation.unsubscribe.title', { name: subscription.name })}
          confirmLabel={t('panel.federation.unsubscribe')}
          danger
          onCancel={() => setRemoving(false)}
          onConfirm={async () => {
            setRemoving(false);
            await act('DELETE', '', undefined, t('panel.federation.unsubscribed', { name: subscription.name }));
          }}
        >
          {t('panel.federation.unsubscribe.body')}
        </ConfirmDialog>
      )}
    </article>
  );
}

function PinDialog({ name, onClose, onPin }: { name: string; onClose(): void; onPin(fingerprint: string): void }) {
  const t = useT();
  const [fingerprint, setFingerprint] = useState('');
  return (
    <Modal
      title={t('panel.federation.pin.title', { name })}
      onClose={onClose}
      footer={
        <>
          <Button variant="primary" onClick={() => onPin(fingerprint)}>
            {t('panel.federation.pin')}
          </Button>
          <Button onClick={onClose}>{t('panel.federation.cancel')}</Button>
        </>
      }
    >
      <Field label={t('panel.federation.pin.field')} hint={t('panel.federation.pin.hint', { name })}>
        {(control) => (
          <Input {...control} value={fingerprint} onChange={(event) => setFingerprint(event.target.value)} />
        )}
      </Field>
    </Modal>
  );
}
