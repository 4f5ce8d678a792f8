import {
  type FederationReceived,
  federationExceptionsSchema,
  federationReceivedListSchema,
  federationReceivedSchema,
} from '@outpost/contracts';
import { can, useHost, useLoad, useSessionStore, useT } from '@outpost/host';
import { Button, Card, DateTime, Field, FieldRow, Input, LoadState, Table } from '@outpost/ui';
import { useState } from 'react';
import { change } from '../dashboard/panel-api';
import { CATEGORY_KEYS } from './categories';

/**
 * Staff's side of federation (issue 29): bans other sites published that wait for a decision
 * here (bans.create), and the players this site excepts from every feed (bans.unban).
 */
export function FederationReviewView() {
  const session = useSessionStore((state) => state.session);
  return (
    <div className="federation-page">
      {can(session, 'bans.create') && <ReviewQueue />}
      {can(session, 'bans.unban') && <Exceptions />}
    </div>
  );
}

function ReviewQueue() {
  const t = useT();
  const lengthText = (entry: FederationReceived) =>
    entry.expiresAt === null ? (
      t('panel.federation.review.permanent')
    ) : (
      <DateTime value={entry.expiresAt} display="day" />
    );
  const host = useHost();
  const { state, reload } = useLoad('/api/federation/review', federationReceivedListSchema);
  const decide = async (entry: FederationReceived, decision: 'apply' | 'reject') => {
    const result = await change(
      host,
      'POST',
      `/api/federation/review/${entry.subscriptionId}/${encodeURIComponent(entry.entryId)}`,
      { decision },
      federationReceivedSchema,
    );
    if (!result.ok)
      host.notify({ level: 'error', title: t('panel.federation.review.notDecided'), message: result.message });
    else
      host.notify({
        level: 'success',
        message: decision === 'apply' ? t('panel.federation.review.applied') : t('panel.federation.review.rejected'),
      });
    reload();
  };
  return (
    <Card title={t('panel.federation.review.title')}>
      <LoadState state={state} what={t('panel.federation.review.what')} onRetry={reload}>
        {({ entries }) => (
          <Table
            caption={t('panel.federation.review.table')}
            rows={entries}
            rowKey={(entry) => `${entry.subscriptionId}:${entry.entryId}`}
            empty={t('panel.federation.review.empty')}
            columns={[
              {
                key: 'steamid',
                label: t('panel.federation.column.steamid'),
                render: (entry) => entry.steamid,
                phone: 'primary',
              },
              {
                key: 'category',
                label: t('panel.federation.column.category'),
                render: (entry) => t(CATEGORY_KEYS[entry.category]),
              },
              { key: 'site', label: t('panel.federation.column.from'), render: (entry) => entry.site },
              { key: 'until', label: t('panel.federation.column.until'), render: lengthText },
              {
                key: 'actions',
                label: t('panel.federation.column.decision'),
                phone: 'primary',
                render: (entry) => (
                  <span className="federation-actions">
                    <Button variant="danger" onClick={() => decide(entry, 'apply')}>
                      {t('panel.federation.review.apply')}
                    </Button>
                    <Button onClick={() => decide(entry, 'reject')}>{t('panel.federation.review.reject')}</Button>
                  </span>
                ),
              },
            ]}
          />
        )}
      </LoadState>
    </Card>
  );
}

function Exceptions() {
  const t = useT();
  const host = useHost();
  const { state, reload } = useLoad('/api/federation/exceptions', federationExceptionsSchema);
  const [steamid, setSteamid] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    const result = await change(
      host,
      'POST',
      '/api/federation/exceptions',
      { steamid, reason },
      federationExceptionsSchema,
    );
    if (!result.ok) return setError(result.message);
    setError(null);
    setSteamid('');
    setReason('');
    host.notify({ level: 'success', message: t('panel.federation.exceptions.added') });
    reload();
  };
  const remove = async (id: string) => {
    const result = await change(host, 'DELETE', `/api/federation/exceptions/${id}`, undefined);
    if (!result.ok)
      host.notify({ level: 'error', title: t('panel.federation.exceptions.notRemoved'), message: result.message });
    reload();
  };
  return (
    <Card title={t('panel.federation.exceptions.title')} description={t('panel.federation.exceptions.description')}>
      <FieldRow
        className="federation-exception-form"
        actions={
          <Button variant="primary" onClick={add}>
            {t('panel.federation.exceptions.add')}
          </Button>
        }
      >
        <Field label={t('panel.federation.exceptions.steamid')}>
          {(control) => <Input {...control} value={steamid} onChange={(event) => setSteamid(event.target.value)} />}
        </Field>
        <Field label={t('panel.federation.exceptions.why')} error={error}>
          {(control) => <Input {...control} value={reason} onChange={(event) => setReason(event.target.value)} />}
        </Field>
      </FieldRow>
      <LoadState state={state} what={t('panel.federation.exceptions.what')} onRetry={reload}>
        {({ exceptions }) => (
          <Table
            caption={t('panel.federation.exceptions.table')}
            rows={exceptions}
            rowKey={(row) => row.steamid}
            empty={t('panel.federation.exceptions.empty')}
            columns={[
              {
                key: 'steamid',
                label: t('panel.federation.column.steamid'),
                render: (row) => row.steamid,
                phone: 'primary',
              },
              { key: 'reason', label: t('panel.federation.exceptions.why'), render: (row) => row.reason },
              {
                key: 'by',
                label: t('panel.federation.column.by'),
                render: (row) => row.createdByName ?? t('panel.federation.console'),
              },
              {
                key: 'when',
                label: t('panel.federation.column.since'),
                render: (row) => <DateTime value={row.createdAt} />,
              },
              {
                key: 'remove',
                label: t('panel.federation.column.action'),
                render: (row) => (
                  <Button variant="invisible" onClick={() => remove(row.steamid)}>
                    {t('panel.federation.exceptions.end')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </LoadState>
    </Card>
  );
}
