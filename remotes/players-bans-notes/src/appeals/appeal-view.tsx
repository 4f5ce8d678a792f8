import { type AppealDetail, appealDetailSchema, appealPath } from '@outpost/contracts';
import { SLOT, useHost, useLoad, useSessionStore, useT, withNode } from '@outpost/host';
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
import { banAdmin, banReason, banScopeName } from '../common/ban-words';
import { AppealConversation } from './appeal-conversation';
import { AppealStateTag } from './appeal-state';
import { closeAppeal } from './appeals-api';
import { AssignControl } from './assign-control';
import { DecisionForm } from './decision-form';
import { ReplyForm } from './reply-form';

/** /bans/appeals/:id: the appealing player's conversation with staff, or staff's view of it. */
export function AppealPageView() {
  const t = useT();
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
  if (!valid)
    return (
      <ErrorState
        what={t('players-bans-notes.appeals.view.what')}
        message={t('players-bans-notes.appeals.view.noSuchId')}
      />
    );
  return (
    <LoadState state={state} what={t('players-bans-notes.appeals.view.what')} onRetry={reload}>
      {(detail) => <AppealView detail={detail} onChange={reload} />}
    </LoadState>
  );
}

function AppealView({ detail, onChange }: { detail: AppealDetail; onChange(): void }) {
  const { appeal, messages, view, can } = detail;
  const t = useT();
  const host = useHost();
  const [confirmClose, setConfirmClose] = useState(false);
  const staff = view === 'staff';
  const ban = appeal.ban;
  return (
    <article className="appeal" aria-labelledby="appeal-title">
      <PageHeader
        title={
          <span id="appeal-title">
            {t('players-bans-notes.appeals.view.title', {
              id: appeal.id,
              type: t(`players-bans-notes.bans.type.${ban?.type ?? 'ban'}`),
              banId: appeal.banId,
            })}
          </span>
        }
        back={
          <Link to={staff ? '/admin/appeals' : '/bans/appeals'}>
            <Icon name="previous" />{' '}
            {staff ? t('players-bans-notes.appeals.view.backQueue') : t('players-bans-notes.appeals.view.backMine')}
          </Link>
        }
        actions={<AppealStateTag state={appeal.state} />}
      />
      <Card>
        <DescriptionList
          items={[
            {
              term: t('players-bans-notes.appeals.view.player'),
              value: (
                <>
                  {appeal.playerName ?? t('players-bans-notes.appeals.view.unknown')}{' '}
                  <code className="nowrap">{appeal.steamid}</code>
                </>
              ),
            },
            ...(ban
              ? [
                  { term: t('players-bans-notes.appeals.view.banReason'), value: banReason(ban) },
                  ...(ban.scopeName
                    ? [{ term: t('players-bans-notes.appeals.view.appliesTo'), value: banScopeName(ban) }]
                    : []),
                  {
                    term: t('players-bans-notes.appeals.view.length'),
                    value: (
                      <>
                        {formatDuration(ban.length)}
                        {ban.status === 'active'
                          ? ban.expiresAt
                            ? withNode(
                                t('players-bans-notes.appeals.view.until', { date: SLOT }),
                                <DateTime value={ban.expiresAt} />,
                              )
                            : ''
                          : ` (${t(`players-bans-notes.appeals.view.banStatus.${ban.status}`)})`}
                      </>
                    ),
                  },
                  {
                    term: t('players-bans-notes.appeals.view.bannedBy'),
                    value: banAdmin(ban, t('players-bans-notes.appeals.view.console')),
                  },
                ]
              : []),
            { term: t('players-bans-notes.appeals.view.opened'), value: <DateTime value={appeal.createdAt} /> },
            ...(staff && !can.decide
              ? [
                  {
                    term: t('players-bans-notes.appeals.view.assignedTo'),
                    value: appeal.assigneeName ?? t('players-bans-notes.appeals.view.nobody'),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {staff && can.decide && <AssignControl appeal={appeal} onAssigned={onChange} />}
      <PageHeader level={2} title={t('players-bans-notes.appeals.conversation.aria')} />
      <AppealConversation appeal={appeal} messages={messages} view={view} />
      {appeal.state !== 'open' && (
        <section aria-label={t('players-bans-notes.appeals.view.outcome')}>
          <Card>
            <p>
              <AppealStateTag state={appeal.state} />{' '}
              {withNode(
                appeal.state === 'closed'
                  ? t('players-bans-notes.appeals.view.closedOn', { date: SLOT })
                  : t(
                      appeal.state === 'accepted'
                        ? 'players-bans-notes.appeals.view.acceptedOn'
                        : 'players-bans-notes.appeals.view.deniedOn',
                      {
                        name: appeal.decidedByName ?? t('players-bans-notes.appeals.view.staff'),
                        date: SLOT,
                      },
                    ),
                <DateTime value={appeal.decidedAt} />,
              )}
            </p>
            {appeal.decisionReason && <Markdown text={appeal.decisionReason} />}
            <p className="muted">{t('players-bans-notes.appeals.view.noReplies')}</p>
          </Card>
        </section>
      )}
      {can.reply && <ReplyForm appealId={appeal.id} staff={staff} onSent={onChange} />}
      {can.close && (
        <div className="form-row-end">
          <Button onClick={() => setConfirmClose(true)}>{t('players-bans-notes.appeals.view.close')}</Button>
        </div>
      )}
      {can.decide && <DecisionForm appeal={appeal} onDecided={onChange} />}
      {confirmClose && (
        <ConfirmDialog
          title={t('players-bans-notes.appeals.view.close.title')}
          confirmLabel={t('players-bans-notes.appeals.view.close')}
          onCancel={() => setConfirmClose(false)}
          onConfirm={async () => {
            const sent = await closeAppeal(host, appeal.id);
            setConfirmClose(false);
            if (sent.ok) {
              host.notify({ level: 'success', message: t('players-bans-notes.appeals.view.closed') });
              onChange();
            }
          }}
        >
          <p>{t('players-bans-notes.appeals.view.close.body')}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
