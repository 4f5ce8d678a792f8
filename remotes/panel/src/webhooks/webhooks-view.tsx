import {
  WEBHOOK_EVENT_KINDS,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventKind,
  webhookDeliveriesSchema,
  webhookDeliverySchema,
  webhookSettingsSchema,
  webhooksListSchema,
} from '@outpost/contracts';
import { can, useHost, useLoad, useSessionStore } from '@outpost/host';
import {
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  EmptyState,
  LoadState,
  RelativeTime,
  Table,
  Tag,
  Toolbar,
} from '@outpost/ui';
import { useEffect, useState } from 'react';
import { change } from '../dashboard/panel-api';
import { WebhookForm } from './webhook-form';

/** How often the page refreshes while a delivery is on its way. */
const POLL_MS = 1000;

const kindLabel = (kind: string) =>
  kind === 'test' ? 'Test message' : (WEBHOOK_EVENT_KINDS[kind as WebhookEventKind] ?? kind);

/** One delivery's state in words: a tag, and what happened last. */
export function DeliveryStatus({ delivery, now }: { delivery: WebhookDelivery; now: number }) {
  if (delivery.state === 'delivered') {
    return (
      <span>
        <Tag tone="success">delivered</Tag>{' '}
        <span className="muted">
          {delivery.attempts === 1 ? 'first try' : `after ${delivery.attempts} tries`}
          {delivery.finishedAt !== null && (
            <>
              , <RelativeTime value={delivery.finishedAt} />
            </>
          )}
        </span>
      </span>
    );
  }
  if (delivery.state === 'failed') {
    return (
      <span>
        <Tag tone="danger">failed</Tag> {delivery.lastError ?? 'unknown error'}
      </span>
    );
  }
  if (delivery.attempts === 0) {
    return (
      <span>
        <Tag tone="light">queued</Tag>
      </span>
    );
  }
  const wait = delivery.nextAttemptAt === null ? 0 : Math.max(0, Math.ceil((delivery.nextAttemptAt - now) / 1000));
  return (
    <>
      <Tag tone="warning">waiting to retry</Tag>{' '}
      <span>
        {delivery.lastError ?? 'no answer'} · try {delivery.attempts + 1} {wait > 0 ? `in ${wait} s` : 'now'}
      </span>
    </>
  );
}

/**
 * Discord webhooks (issue 15): what each webhook posts, how its deliveries go, a Send test
 * button whose outcome shows here (the page refreshes while anything is on its way), and
 * the site setting that allows webhooks other than Discord's.
 */
export function WebhooksView() {
  const host = useHost();
  const session = useSessionStore((state) => state.session);
  const { state, reload } = useLoad('/api/panel/webhooks', webhooksListSchema);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [tick, setTick] = useState(0);
  const busy = state.status === 'ready' && state.data.webhooks.some((webhook) => webhook.pending > 0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: polls only while something is pending
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      reload();
      setTick((value) => value + 1);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [busy]);

  const sendTest = async (webhook: Webhook) => {
    const result = await change(
      host,
      'POST',
      `/api/panel/webhooks/${webhook.id}/test`,
      undefined,
      webhookDeliverySchema,
    );
    reload();
    if (!result.ok) host.notify({ level: 'error', title: 'Test not sent', message: result.message });
  };
  const remove = async (webhook: Webhook) => {
    const result = await change(host, 'DELETE', `/api/panel/webhooks/${webhook.id}`, undefined);
    setDeleting(null);
    reload();
    if (!result.ok) host.notify({ level: 'error', title: 'Not deleted', message: result.message });
    else host.notify({ level: 'success', message: `Webhook "${webhook.name}" deleted` });
  };
  const setAllowAnyHttps = async (allowAnyHttps: boolean) => {
    const result = await change(host, 'PUT', '/api/panel/webhooks/settings', { allowAnyHttps }, webhookSettingsSchema);
    reload();
    if (!result.ok) host.notify({ level: 'error', title: 'Setting not saved', message: result.message });
  };

  return (
    // The hero above says "Webhooks" (the page's one title, like every panel page): no second
    // heading here; the toolbar carries the page's actions and the cards name each webhook.
    <section className="panel-section" aria-label="Webhooks">
      <Toolbar
        actions={
          <>
            <Button icon="refresh" onClick={reload}>
              Refresh
            </Button>
            <Button variant="primary" onClick={() => setEditing('new')}>
              Add webhook
            </Button>
          </>
        }
      >
        <p className="muted">
          Each webhook posts the events it is subscribed to into a Discord channel, with a link back to this site.
          Deliveries are queued: Discord being slow or rate limiting never holds up the site, and a failed delivery is
          retried.
        </p>
      </Toolbar>
      <LoadState state={state} what="the webhooks" onRetry={reload}>
        {({ webhooks, allowAnyHttps }) => (
          <>
            {can(session, 'panel.settings') && (
              <Checkbox
                label="Allow any public https URL, not only Discord webhooks (site setting)"
                checked={allowAnyHttps}
                onChange={(event) => void setAllowAnyHttps(event.target.checked)}
              />
            )}
            {webhooks.length === 0 ? (
              <EmptyState>No webhook yet. Add one with the URL Discord gives for a channel.</EmptyState>
            ) : (
              webhooks.map((webhook) => (
                <WebhookCard
                  key={webhook.id}
                  webhook={webhook}
                  tick={tick}
                  onChanged={reload}
                  onTest={() => void sendTest(webhook)}
                  onEdit={() => setEditing(webhook)}
                  onDelete={() => setDeleting(webhook)}
                />
              ))
            )}
            {editing && (
              <WebhookForm
                webhook={editing === 'new' ? null : editing}
                allowAnyHttps={allowAnyHttps}
                onClose={() => setEditing(null)}
                onSaved={() => {
                  setEditing(null);
                  reload();
                }}
              />
            )}
          </>
        )}
      </LoadState>
      {deleting && (
        <ConfirmDialog
          title={`Delete webhook ${deleting.name}?`}
          confirmLabel="Delete"
          danger
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>Its queued deliveries and history go with it. The webhook itself stays in Discord until removed there.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

interface CardProps {
  webhook: Webhook;
  tick: number;
  onChanged(): void;
  onTest(): void;
  onEdit(): void;
  onDelete(): void;
}

function WebhookCard({ webhook, tick, onChanged, onTest, onEdit, onDelete }: CardProps) {
  const [history, setHistory] = useState(false);
  const last = webhook.lastDelivery;
  return (
    <div data-testid={`webhook-${webhook.name}`}>
      <Card
        as="article"
        className="remote-card webhook-card"
        title={
          <>
            {webhook.name} {webhook.enabled ? <Tag tone="success">enabled</Tag> : <Tag tone="muted">switched off</Tag>}
          </>
        }
        actions={
          <span className="remote-actions">
            <Button size="small" onClick={onTest} aria-label={`Send test to ${webhook.name}`}>
              Send test
            </Button>
            <Button size="small" onClick={onEdit} aria-label={`Edit ${webhook.name}`}>
              Edit
            </Button>
            <Button size="small" onClick={() => setHistory(!history)} aria-expanded={history}>
              {history ? 'Hide deliveries' : 'Deliveries'}
            </Button>
            <Button size="small" variant="danger" onClick={onDelete} aria-label={`Delete ${webhook.name}`}>
              Delete
            </Button>
          </span>
        }
      >
        {webhook.disabledReason && (
          <p className="field-error" role="alert">
            {webhook.disabledReason}
          </p>
        )}
        <dl className="health-figures">
          <div>
            <dt>URL</dt>
            <dd>
              <code>{webhook.maskedUrl}</code>
            </dd>
          </div>
          <div>
            <dt>Queued</dt>
            <dd>{webhook.pending}</dd>
          </div>
          <div>
            <dt>Failed</dt>
            <dd>{webhook.failed}</dd>
          </div>
        </dl>
        <ul className="tag-list" aria-label="Events it posts">
          {webhook.kinds.length === 0 ? (
            <li className="muted">No events: only test messages.</li>
          ) : (
            webhook.kinds.map((kind) => (
              <li key={kind}>
                <Tag tone="light">{WEBHOOK_EVENT_KINDS[kind]}</Tag>
              </li>
            ))
          )}
        </ul>
        <p className="webhook-last" role="status" data-testid="last-delivery">
          {last ? (
            <>
              Last: {kindLabel(last.kind)} — <DeliveryStatus delivery={last} now={Date.now()} />
            </>
          ) : (
            <span className="muted">Nothing sent yet.</span>
          )}
        </p>
        {history && <DeliveryHistory webhook={webhook} tick={tick} onChanged={onChanged} />}
      </Card>
    </div>
  );
}

function DeliveryHistory({ webhook, tick, onChanged }: { webhook: Webhook; tick: number; onChanged(): void }) {
  const host = useHost();
  const { state, reload } = useLoad(`/api/panel/webhooks/${webhook.id}/deliveries`, webhookDeliveriesSchema);
  const retry = async (delivery: WebhookDelivery) => {
    const result = await change(
      host,
      'POST',
      `/api/panel/webhooks/${webhook.id}/deliveries/${delivery.id}/retry`,
      undefined,
      webhookDeliverySchema,
    );
    reload();
    onChanged();
    if (!result.ok) host.notify({ level: 'error', title: 'Not sent again', message: result.message });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshes with the page's poll and the last delivery
  useEffect(() => {
    if (tick > 0) reload();
  }, [tick, webhook.lastDelivery?.id, webhook.lastDelivery?.state]);
  return (
    <LoadState state={state} what="the deliveries" onRetry={reload}>
      {({ deliveries }) => (
        <Table
          caption={`Deliveries of ${webhook.name}`}
          rows={deliveries}
          rowKey={(delivery) => delivery.id}
          empty="Nothing sent yet."
          columns={[
            { key: 'when', label: 'Queued', render: (delivery) => <RelativeTime value={delivery.createdAt} /> },
            {
              key: 'what',
              label: 'Event',
              render: (delivery) => (
                <span>
                  {kindLabel(delivery.kind)}
                  <br />
                  <span className="muted">{delivery.title}</span>
                </span>
              ),
            },
            {
              key: 'status',
              label: 'Status',
              render: (delivery) => <DeliveryStatus delivery={delivery} now={Date.now()} />,
            },
            { key: 'attempts', label: 'Tries', render: (delivery) => delivery.attempts },
            {
              key: 'answer',
              label: 'Last answer',
              render: (delivery) => (delivery.lastStatus === null ? '—' : `HTTP ${delivery.lastStatus}`),
            },
            {
              key: 'actions',
              label: 'Actions',
              render: (delivery) =>
                delivery.state === 'failed' ? (
                  <Button
                    size="small"
                    aria-label={`Send again: ${delivery.title}`}
                    onClick={() => void retry(delivery)}
                  >
                    Send again
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
    </LoadState>
  );
}
