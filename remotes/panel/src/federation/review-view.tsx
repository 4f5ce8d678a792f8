import {
  FEDERATION_CATEGORIES,
  type FederationReceived,
  federationExceptionsSchema,
  federationReceivedListSchema,
  federationReceivedSchema,
} from '@outpost/contracts';
import { can, useHost, useLoad, useSessionStore } from '@outpost/host';
import { Button, Card, DateTime, Field, FieldRow, Input, LoadState, Table } from '@outpost/ui';
import { useState } from 'react';
import { change } from '../dashboard/panel-api';

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

const lengthText = (entry: FederationReceived) =>
  entry.expiresAt === null ? 'Permanent' : <DateTime value={entry.expiresAt} display="day" />;

function ReviewQueue() {
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
    if (!result.ok) host.notify({ level: 'error', title: 'Not decided', message: result.message });
    else host.notify({ level: 'success', message: decision === 'apply' ? 'Ban applied here' : 'Ban rejected' });
    reload();
  };
  return (
    <Card title="Waiting for review">
      <LoadState state={state} what="the review queue" onRetry={reload}>
        {({ entries }) => (
          <Table
            caption="Federated bans waiting for review"
            rows={entries}
            rowKey={(entry) => `${entry.subscriptionId}:${entry.entryId}`}
            empty="Nothing waits for review."
            columns={[
              { key: 'steamid', label: 'Steam id', render: (entry) => entry.steamid, phone: 'primary' },
              { key: 'category', label: 'Category', render: (entry) => FEDERATION_CATEGORIES[entry.category] },
              { key: 'site', label: 'From', render: (entry) => entry.site },
              { key: 'until', label: 'Until', render: lengthText },
              {
                key: 'actions',
                label: 'Decision',
                phone: 'primary',
                render: (entry) => (
                  <span className="federation-actions">
                    <Button variant="danger" onClick={() => decide(entry, 'apply')}>
                      Apply here
                    </Button>
                    <Button onClick={() => decide(entry, 'reject')}>Reject</Button>
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
    host.notify({ level: 'success', message: 'Player excepted: their federated bans are lifted here' });
    reload();
  };
  const remove = async (id: string) => {
    const result = await change(host, 'DELETE', `/api/federation/exceptions/${id}`, undefined);
    if (!result.ok) host.notify({ level: 'error', title: 'Not removed', message: result.message });
    reload();
  };
  return (
    <Card
      title="Exceptions"
      description="Players whose bans from other communities do not apply here. Excepting lifts those already applied."
    >
      <FieldRow
        className="federation-exception-form"
        actions={
          <Button variant="primary" onClick={add}>
            Except the player
          </Button>
        }
      >
        <Field label="Steam id or profile URL">
          {(control) => <Input {...control} value={steamid} onChange={(event) => setSteamid(event.target.value)} />}
        </Field>
        <Field label="Why" error={error}>
          {(control) => <Input {...control} value={reason} onChange={(event) => setReason(event.target.value)} />}
        </Field>
      </FieldRow>
      <LoadState state={state} what="the exceptions" onRetry={reload}>
        {({ exceptions }) => (
          <Table
            caption="Excepted players"
            rows={exceptions}
            rowKey={(row) => row.steamid}
            empty="No player is excepted."
            columns={[
              { key: 'steamid', label: 'Steam id', render: (row) => row.steamid, phone: 'primary' },
              { key: 'reason', label: 'Why', render: (row) => row.reason },
              { key: 'by', label: 'By', render: (row) => row.createdByName ?? 'Console' },
              { key: 'when', label: 'Since', render: (row) => <DateTime value={row.createdAt} /> },
              {
                key: 'remove',
                label: 'Action',
                render: (row) => (
                  <Button variant="invisible" onClick={() => remove(row.steamid)}>
                    End the exception
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
