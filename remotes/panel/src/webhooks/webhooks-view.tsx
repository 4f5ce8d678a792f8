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
import { can, SLOT, useHost, useLoad, useSessionStore, useT, withNode } from '@outpost/host';
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
import { KIND_KEYS } from './webhook-kinds';

/** How often the page refreshes while a delivery is on its way. */
const POLL_MS = 1000;

/** A delivery's kind in words: a test message, an event kind, or (one this build does not know) as sent. */
function useKindLabel(): (kind: string) => string {
  const t = useT();
  return (kind) => {
    if (kind === 'test') return t('panel.webhooks.kind.test');
    return kind in WEBHOOK_EVENT_KINDS ? t(KIND_KEYS[kind as WebhookEventKind]) : kind;
  };
}

/** One delivery's state in words: a tag, and what happened last. */
export function DeliveryStatus({ delivery, now }: { delivery: WebhookDelivery; now: number }) {
  const t = useT();
  if (delivery.state === 'delivered') {
    return (
      <span>
        <Tag tone="success">{t('panel.webhooks.status.delivered')}</Tag>{' '}
        <span className="muted">
          {delivery.attempts === 1
            ? t('panel.webhooks.status.firstTry')
            : t('panel.webhooks.status.afterTries', { count: delivery.attempts })}
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
        <Tag tone="danger">{t('panel.webhooks.status.failed')}</Tag>{' '}
        {delivery.lastError ?? t('panel.webhooks.status.unknownError')}
      </span>
    );
  }
  if (delivery.attempts === 0) {
    return (
      <span>
        <Tag tone="light">{t('panel.webhooks.status.queued')}</Tag>
      </span>
    );
  }
  const wait = delivery.nextAttemptAt === null ? 0 : Math.max(0, Math.ceil((delivery.nextAttemptAt - now) / 1000));
  return (
    <>
      <Tag tone="warning">{t('panel.webhooks.status.waiting')}</Tag>{' '}
      <span>
        {delivery.lastError ?? t('panel.webhooks.status.noAnswer')} ·{' '}
        {wait > 0
          ? t('panel.webhooks.status.retryIn', { attempt: delivery.attempts + 1, seconds: wait })
          : t('panel.webhooks.status.retryNow', { attempt: delivery.attempts + 1 })}
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
  const t = useT();
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
    if (!result.ok)
      host.notify({ level: 'error', title: t('panel.webhooks.notify.testNotSent'), message: result.message });
  };
  const remove = async (webhook: Webhook) => {
    const result = await change(host, 'DELETE', `/api/panel/webhooks/${webhook.id}`, undefined);
    setDeleting(null);
    reload();
    if (!result.ok)
      host.notify({ level: 'error', title: t('panel.webhooks.notify.notDeleted'), message: result.message });
    else host.notify({ level: 'success', message: t('panel.webhooks.notify.deleted', { name: webhook.name }) });
  };
  const setAllowAnyHttps = async (allowAnyHttps: boolean) => {
    const result = await change(host, 'PUT', '/api/panel/webhooks/settings', { allowAnyHttps }, webhookSettingsSchema);
    reload();
    if (!result.ok)
      host.notify({ level: 'error', title: t('panel.webhooks.notify.settingNotSaved'), message: result.message });
  };

  return (
    // The hero above says "Webhooks" (the page's one title, like every panel page): no second
    // heading here; the toolbar carries the page's actions and the cards name each webhook.
    <section className="panel-section" aria-label={t('panel.webhooks.label')}>
      <Toolbar
        actions={
          <>
            <Button icon="refresh" onClick={reload}>
              {t('panel.common.refresh')}
            </Button>
            <Button variant="primary" onClick={() => setEditing('new')}>
              {t('panel.webhooks.add')}
            </Button>
          </>
        }
      >
        <p className="muted">{t('panel.webhooks.intro')}</p>
      </Toolbar>
      <LoadState state={state} what={t('panel.webhooks.what')} onRetry={reload}>
        {({ webhooks, allowAnyHttps }) => (
          <>
            {can(session, 'panel.settings') && (
              <Checkbox
                label={t('panel.webhooks.allowAny')}
                checked={allowAnyHttps}
                onChange={(event) => void setAllowAnyHttps(event.target.checked)}
              />
            )}
            {webhooks.length === 0 ? (
              <EmptyState>{t('panel.webhooks.empty')}</EmptyState>
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
          title={t('panel.webhooks.delete.title', { name: deleting.name })}
          confirmLabel={t('panel.webhooks.delete')}
          danger
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('panel.webhooks.delete.body')}</p>
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
  const t = useT();
  const kindLabel = useKindLabel();
  const [history, setHistory] = useState(false);
  const last = webhook.lastDelivery;
  return (
    <div data-testid={`webhook-${webhook.name}`}>
      <Card
        as="article"
        className="remote-card webhook-card"
        title={
          <>
            {webhook.name}{' '}
            {webhook.enabled ? (
              <Tag tone="success">{t('panel.webhooks.enabled')}</Tag>
            ) : (
              <Tag tone="muted">{t('panel.webhooks.switchedOff')}</Tag>
            )}
          </>
        }
        actions={
          <span className="remote-actions">
            <Button size="small" onClick={onTest} aria-label={t('panel.webhooks.sendTestTo', { name: webhook.name })}>
              {t('panel.webhooks.sendTest')}
            </Button>
            <Button size="small" onClick={onEdit} aria-label={t('panel.webhooks.editName', { name: webhook.name })}>
              {t('panel.webhooks.edit')}
            </Button>
            <Button size="small" onClick={() => setHistory(!history)} aria-expanded={history}>
              {history ? t('panel.webhooks.hideDeliveries') : t('panel.webhooks.deliveries')}
            </Button>
            <Button
              size="small"
              variant="danger"
              onClick={onDelete}
              aria-label={t('panel.webhooks.deleteName', { name: webhook.name })}
            >
              {t('panel.webhooks.delete')}
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
            <dt>{t('panel.webhooks.figure.queued')}</dt>
            <dd>{webhook.pending}</dd>
          </div>
          <div>
            <dt>{t('panel.webhooks.figure.failed')}</dt>
            <dd>{webhook.failed}</dd>
          </div>
        </dl>
        <ul className="tag-list" aria-label={t('panel.webhooks.events')}>
          {webhook.kinds.length === 0 ? (
            <li className="muted">{t('panel.webhooks.noEvents')}</li>
          ) : (
            webhook.kinds.map((kind) => (
              <li key={kind}>
                <Tag tone="light">{t(KIND_KEYS[kind])}</Tag>
              </li>
            ))
          )}
        </ul>
        <p className="webhook-last" role="status" data-testid="last-delivery">
          {last ? (
            withNode(
              t('panel.webhooks.last', { kind: kindLabel(last.kind), status: SLOT }),
              <DeliveryStatus delivery={last} now={Date.now()} />,
            )
          ) : (
            <span className="muted">{t('panel.webhooks.nothingSent')}</span>
          )}
        </p>
        {history && <DeliveryHistory webhook={webhook} tick={tick} onChanged={onChanged} />}
      </Card>
    </div>
  );
}

function DeliveryHistory({ webhook, tick, onChanged }: { webhook: Webhook; tick: number; onChanged(): void }) {
  const t = useT();
  const kindLabel = useKindLabel();
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
    if (!result.ok)
      host.notify({ level: 'error', title: t('panel.webhooks.notify.notSentAgain'), message: result.message });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshes with the page's poll and the last delivery
  useEffect(() => {
    if (tick > 0) reload();
  }, [tick, webhook.lastDelivery?.id, webhook.lastDelivery?.state]);
  return (
    <LoadState state={state} what={t('panel.webhooks.history.what')} onRetry={reload}>
      {({ deliveries }) => (
        <Table
          caption={t('panel.webhooks.history.table', { name: webhook.name })}
          rows={deliveries}
          rowKey={(delivery) => delivery.id}
          empty={t('panel.webhooks.nothingSent')}
          columns={[
            {
              key: 'when',
              label: t('panel.webhooks.figure.queued'),
              render: (delivery) => <RelativeTime value={delivery.createdAt} />,
            },
            {
              key: 'what',
              label: t('panel.webhooks.history.column.event'),
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
              label: t('panel.webhooks.history.column.status'),
              render: (delivery) => <DeliveryStatus delivery={delivery} now={Date.now()} />,
            },
            {
              key: 'attempts',
              label: t('panel.webhooks.history.column.tries'),
              render: (delivery) => delivery.attempts,
            },
            {
              key: 'answer',
              label: t('panel.webhooks.history.column.answer'),
              render: (delivery) => (delivery.lastStatus === null ? '—' : `HTTP ${delivery.lastStatus}`),
            },
            {
              key: 'actions',
              label: t('panel.webhooks.history.column.actions'),
              render: (delivery) =>
                delivery.state === 'failed' ? (
                  <Button
                    size="small"
                    aria-label={t('panel.webhooks.sendAgainTitle', { title: delivery.title })}
                    onClick={() => void retry(delivery)}
                  >
                    {t('panel.webhooks.sendAgain')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
    </LoadState>
  );
}
