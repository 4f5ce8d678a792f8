import { type AppealDetail, appealDetailSchema, appealPath } from '@outpost/contracts';
import { useHost, useLoad, useSessionStore } from '@outpost/host';
import {
  Button,
  Card,
  ConfirmDialog,
  DateTime,
  DescriptionList,
  ErrorState,
  Icon,
  LoadState,
  Markdown,
  PageHeader,
} from '@outpost/ui';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDuration } from '../bans/ban-length';
import { AppealConversation } from './appeal-conversation';
import { AppealStateTag } from './appeal-state';
import { closeAppeal } from './appeals-api';
import { AssignControl } from './assign-control';
import { DecisionForm } from './decision-form';
import { ReplyForm } from './reply-form';

/** /bans/appeals/:id: the appealing player's conversation with staff, or staff's view of it. */
export function AppealPageView() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const { state, reload } = useLoad(valid ? `/api/appeals/${id}` : null, appealDetailSchema);
  // A notification about this appeal (a reply, a decision) arrives over the stream: show it now.
  const heard = useSessionStore(
    (store) => store.session?.notifications.filter((entry) => entry.link === appealPath(id)).length ?? 0,
  );
  useEffect(() => {
    if (heard > 0) reload();
  }, [heard, reload]);
  if (!valid) return <ErrorState what="the appeal" message="No appeal has this id" />;
  return (
    <LoadState state={state} what="the appeal" onRetry={reload}>
      {(detail) => <AppealView detail={detail} onChange={reload} />}
    </LoadState>
  );
}

function AppealView({ detail, onChange }: { detail: AppealDetail; onChange(): void }) {
  const { appeal, messages, view, can } = detail;
  const host = useHost();
  const [confirmClose, setConfirmClose] = useState(false);
  const staff = view === 'staff';
  const ban = appeal.ban;
  return (
    <article className="appeal" aria-labelledby="appeal-title">
      <PageHeader
        title={
          <span id="appeal-title">
            Appeal #{appeal.id}: {ban?.type === 'ban' || !ban ? 'ban' : ban.type} #{appeal.banId}
          </span>
        }
        back={
          <Link to={staff ? '/admin/appeals' : '/bans/appeals'}>
            <Icon name="previous" /> {staff ? 'Appeals queue' : 'My appeals'}
          </Link>
        }
        actions={<AppealStateTag state={appeal.state} />}
      />
      <Card>
        <DescriptionList
          items={[
            {
              term: 'Player',
              value: (
                <>
                  {appeal.playerName ?? 'Unknown'} <code className="nowrap">{appeal.steamid}</code>
                </>
              ),
            },
            ...(ban
              ? [
                  { term: 'Ban reason', value: ban.reason },
                  ...(ban.scopeName ? [{ term: 'Applies to', value: ban.scopeName }] : []),
                  {
                    term: 'Length',
                    value: (
                      <>
                        {formatDuration(ban.length)}
                        {ban.status === 'active' ? (
                          ban.expiresAt ? (
                            <>
                              , until <DateTime value={ban.expiresAt} />
                            </>
                          ) : (
                            ''
                          )
                        ) : (
                          ` (${ban.status})`
                        )}
                      </>
                    ),
                  },
                  { term: 'Banned by', value: ban.adminName ?? 'Console' },
                ]
              : []),
            { term: 'Opened', value: <DateTime value={appeal.createdAt} /> },
            ...(staff && !can.decide ? [{ term: 'Assigned to', value: appeal.assigneeName ?? 'Nobody' }] : []),
          ]}
        />
      </Card>
      {staff && can.decide && <AssignControl appeal={appeal} onAssigned={onChange} />}
      <PageHeader level={2} title="Conversation" />
      <AppealConversation appeal={appeal} messages={messages} view={view} />
      {appeal.state !== 'open' && (
        <section aria-label="Outcome">
          <Card>
            <p>
              <AppealStateTag state={appeal.state} />{' '}
              {appeal.state === 'closed'
                ? 'Closed by the player on '
                : `${appeal.state === 'accepted' ? 'Accepted' : 'Denied'} by ${appeal.decidedByName ?? 'staff'} on `}
              <DateTime value={appeal.decidedAt} />.
            </p>
            {appeal.decisionReason && <Markdown text={appeal.decisionReason} />}
            <p className="muted">This appeal takes no further replies.</p>
          </Card>
        </section>
      )}
      {can.reply && <ReplyForm appealId={appeal.id} staff={staff} onSent={onChange} />}
      {can.close && (
        <div className="form-row-end">
          <Button onClick={() => setConfirmClose(true)}>Close appeal</Button>
        </div>
      )}
      {can.decide && <DecisionForm appeal={appeal} onDecided={onChange} />}
      {confirmClose && (
        <ConfirmDialog
          title="Close your appeal?"
          confirmLabel="Close appeal"
          onCancel={() => setConfirmClose(false)}
          onConfirm={async () => {
            const sent = await closeAppeal(host, appeal.id);
            setConfirmClose(false);
            if (sent.ok) {
              host.notify({ level: 'success', message: 'Appeal closed' });
              onChange();
            }
          }}
        >
          <p>Staff will no longer consider it. You may appeal the ban again later.</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
