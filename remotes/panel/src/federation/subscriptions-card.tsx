import {
  FEDERATION_CATEGORIES,
  type FederationCategory,
  type FederationSubscription,
  federationSubscriptionSchema,
  federationSubscriptionsSchema,
} from '@outpost/contracts';
import { useHost, useLoad } from '@outpost/host';
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

type Mode = FederationSubscription['mode'];
const MODES = [
  { value: 'review' as const, label: 'Wait for review', hint: 'Staff apply or reject each ban in the review queue.' },
  { value: 'apply' as const, label: 'Apply at once', hint: 'Each ban becomes a ban here as soon as it is read.' },
];

/** The feeds this site takes (issue 29): add one by address and pinned fingerprint; see each one's state and rate. */
export function SubscriptionsCard() {
  const { state, reload } = useLoad('/api/panel/federation/subscriptions', federationSubscriptionsSchema);
  const [adding, setAdding] = useState(false);
  return (
    <Card
      title="Subscriptions"
      description="Other Outpost sites whose bans you take. Pin each site's key fingerprint, read to you by its owner: a feed signed with another key is refused."
      actions={
        <Button variant="primary" onClick={() => setAdding(true)}>
          Subscribe to a site
        </Button>
      }
    >
      <LoadState state={state} what="the subscriptions" onRetry={reload}>
        {({ subscriptions }) =>
          subscriptions.length === 0 ? (
            <p className="muted">No subscriptions yet.</p>
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
  return (
    <Fieldset legend="Categories taken" className="federation-kinds">
      {Object.entries(FEDERATION_CATEGORIES).map(([category, label]) => (
        <Checkbox
          key={category}
          label={label}
          checked={value.includes(category as FederationCategory)}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? [...value, category as FederationCategory]
                : value.filter((known) => known !== category),
            )
          }
        />
      ))}
    </Fieldset>
  );
}

function SubscribeDialog({ onClose, onAdded }: { onClose(): void; onAdded(): void }) {
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
    host.notify({ level: 'success', message: `Subscribed to ${site}` });
    onAdded();
  };
  return (
    <Modal
      title="Subscribe to a site"
      onClose={onClose}
      footer={
        <>
          <Button variant="primary" busy={busy} onClick={submit}>
            Subscribe
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </>
      }
    >
      <Field label="Site address" hint="The other site's address, e.g. https://bans.example.org">
        {(control) => <Input {...control} value={site} onChange={(event) => setSite(event.target.value)} />}
      </Field>
      <Field label="Key fingerprint" hint="As the other site's owner reads it from their panel (16 groups of 4).">
        {(control) => (
          <Input {...control} value={fingerprint} onChange={(event) => setFingerprint(event.target.value)} />
        )}
      </Field>
      <CategoryChoice value={categories} onChange={setCategories} />
      <RadioGroup legend="New bans" value={mode} options={MODES} onChange={setMode} />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}

function SubscriptionItem({ subscription, onChanged }: { subscription: FederationSubscription; onChanged(): void }) {
  const host = useHost();
  const [removing, setRemoving] = useState(false);
  const [pinning, setPinning] = useState(false);
  const act = async (method: 'PATCH' | 'POST' | 'DELETE', path: string, body?: unknown, done?: string) => {
    const result = await change(host, method, `/api/panel/federation/subscriptions/${subscription.id}${path}`, body);
    if (!result.ok) host.notify({ level: 'error', title: 'Not done', message: result.message });
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
          { term: 'Address', value: subscription.site },
          { term: 'Fingerprint', value: <span className="federation-fingerprint">{subscription.fingerprint}</span> },
          {
            term: 'Takes',
            value: subscription.categories.map((category) => FEDERATION_CATEGORIES[category]).join(', '),
          },
          { term: 'New bans', value: subscription.mode === 'apply' ? 'Applied at once' : 'Wait for review' },
          {
            term: 'Last read',
            value: subscription.lastPolledAt === null ? 'Not yet' : <RelativeTime value={subscription.lastPolledAt} />,
          },
          {
            term: 'Bans in the last day',
            value: `${subscription.receivedLastDay} (usually ${subscription.usualPerDay} a day)`,
          },
          { term: 'Applied here', value: String(subscription.applied) },
          { term: 'Waiting for review', value: String(subscription.pending) },
        ]}
      />
      <div className="federation-actions">
        <Button onClick={() => act('POST', '/read', undefined, 'Feed read')}>Read now</Button>
        {stopped ? (
          <Button onClick={() => act('PATCH', '', { paused: false }, 'Feed resumed')}>Resume</Button>
        ) : (
          <Button onClick={() => act('PATCH', '', { paused: true }, 'Feed paused')}>Pause</Button>
        )}
        {subscription.state === 'key-changed' && (
          <Button onClick={() => setPinning(true)}>Pin the new fingerprint…</Button>
        )}
        <Button
          onClick={() =>
            act('PATCH', '', { mode: subscription.mode === 'apply' ? 'review' : 'apply' }, 'Subscription changed')
          }
        >
          {subscription.mode === 'apply' ? 'Review new bans instead' : 'Apply new bans at once'}
        </Button>
        <Button variant="danger" onClick={() => setRemoving(true)}>
          Unsubscribe…
        </Button>
      </div>
      {pinning && (
        <PinDialog
          name={subscription.name}
          onClose={() => setPinning(false)}
          onPin={async (fingerprint) => {
            setPinning(false);
            await act('PATCH', '', { fingerprint }, 'New fingerprint pinned');
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={`Unsubscribe from ${subscription.name}?`}
          confirmLabel="Unsubscribe"
          danger
          onCancel={() => setRemoving(false)}
          onConfirm={async () => {
            setRemoving(false);
            await act('DELETE', '', undefined, `Unsubscribed from ${subscription.name}`);
          }}
        >
          Its bans already applied here stay; those waiting for review are dropped.
        </ConfirmDialog>
      )}
    </article>
  );
}

function PinDialog({ name, onClose, onPin }: { name: string; onClose(): void; onPin(fingerprint: string): void }) {
  const [fingerprint, setFingerprint] = useState('');
  return (
    <Modal
      title={`Pin ${name}'s new fingerprint`}
      onClose={onClose}
      footer={
        <>
          <Button variant="primary" onClick={() => onPin(fingerprint)}>
            Pin
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </>
      }
    >
      <Field label="New key fingerprint" hint={`Compare it with what ${name}'s owner reads to you before pinning.`}>
        {(control) => (
          <Input {...control} value={fingerprint} onChange={(event) => setFingerprint(event.target.value)} />
        )}
      </Field>
    </Modal>
  );
}
