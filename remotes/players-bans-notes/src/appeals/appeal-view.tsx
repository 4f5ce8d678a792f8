import { type AppealDetail, appealDetailSchema, appealPath } from '@outpost/contracts';
import { useHost, useLoad, useSessionStore } from '@outpost/host';
import { ConfirmDialog, formatDate, Icon, LoadState, Markdown } from '@outpost/ui';
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
  if (!valid) return <p className="error-text">No appeal has this id</p>;
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
      <Link className="back-link" to={staff ? '/admin/appeals' : '/bans/appeals'}>
        <Icon name="previous" /> {staff ? 'Appeals queue' : 'My appeals'}
      </Link>
      <header className="appeal-head">
        <h1 id="appeal-title">
          Appeal #{appeal.id}: {ban?.type === 'ban' || !ban ? 'ban' : ban.type} #{appeal.banId}
        </h1>
        <AppealStateTag state={appeal.state} />
      </header>
      <dl className="summary">
        <div>
          <dt>Player</dt>
          <dd>
            {appeal.playerName ?? 'Unknown'} (<code>{appeal.steamid}</code>)
          </dd>
        </div>
        {ban && (
          <>
            <div>
              <dt>Ban reason</dt>
              <dd>{ban.reason}</dd>
            </div>
            <div>
              <dt>Length</dt>
              <dd>
                {formatDuration(ban.length)}
                {ban.status === 'active'
                  ? ban.expiresAt
                    ? `, until ${formatDate(ban.expiresAt)}`
                    : ''
                  : ` (${ban.status})`}
              </dd>
            </div>
            <div>
              <dt>Banned by</dt>
              <dd>{ban.adminName ?? 'Console'}</dd>
            </div>
          </>
        )}
        <div>
          <dt>Opened</dt>
          <dd>{formatDate(appeal.createdAt)}</dd>
        </div>
        {staff && !can.decide && (
          <div>
            <dt>Assigned to</dt>
            <dd>{appeal.assigneeName ?? 'Nobody'}</dd>
          </div>
        )}
      </dl>
      {staff && can.decide && <AssignControl appeal={appeal} onAssigned={onChange} />}
      <h2 className="appeal-section-title">Conversation</h2>
      <AppealConversation appeal={appeal} messages={messages} view={view} />
      {appeal.state !== 'open' && (
        <section className={`appeal-outcome is-${appeal.state}`} aria-label="Outcome">
          <p>
            <AppealStateTag state={appeal.state} />{' '}
            {appeal.state === 'closed'
              ? `Closed by the player on ${formatDate(appeal.decidedAt)}.`
              : `${appeal.state === 'accepted' ? 'Accepted' : 'Denied'} by ${appeal.decidedByName ?? 'staff'} on ${formatDate(appeal.decidedAt)}.`}
          </p>
          {appeal.decisionReason && <Markdown text={appeal.decisionReason} />}
          <p className="muted">This appeal takes no further replies.</p>
        </section>
      )}
      {can.reply && <ReplyForm appealId={appeal.id} staff={staff} onSent={onChange} />}
      {can.close && (
        <div className="button-row">
          <button type="button" className="button is-light" onClick={() => setConfirmClose(true)}>
            Close appeal
          </button>
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
