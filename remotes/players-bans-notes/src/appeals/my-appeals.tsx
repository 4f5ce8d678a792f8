import { type Appeal, appealPath, appealsListResponseSchema } from '@outpost/contracts';
import { SLOT, useLoad, useT, withNode } from '@outpost/host';
import { type Column, DataTable, DateTime, EmptyState, LoadState, RelativeTime } from '@outpost/ui';
import { Link } from 'react-router';
import { banReason } from '../common/ban-words';
import { AppealStateTag } from './appeal-state';

type T = ReturnType<typeof useT>;

const BUTTON = '\u0001';

const myColumns = (t: T): Column<Appeal>[] => [
  {
    key: 'appeal',
    label: t('players-bans-notes.appeals.column.appeal'),
    render: (appeal) => (
      <Link to={appealPath(appeal.id)}>{t('players-bans-notes.appeals.mine.appeal', { id: appeal.id })}</Link>
    ),
  },
  {
    key: 'ban',
    label: t('players-bans-notes.appeals.column.ban'),
    className: 'wrap',
    render: (appeal) =>
      appeal.ban
        ? t('players-bans-notes.appeals.mine.ban', {
            type: t(`players-bans-notes.bans.type.${appeal.ban.type}`),
            banId: appeal.banId,
            reason: banReason(appeal.ban),
          })
        : `#${appeal.banId}`,
  },
  {
    key: 'opened',
    label: t('players-bans-notes.appeals.view.opened'),
    render: (appeal) => <DateTime value={appeal.createdAt} />,
  },
  {
    key: 'activity',
    label: t('players-bans-notes.appeals.column.activity'),
    render: (appeal) => <RelativeTime value={appeal.lastActivityAt} />,
  },
  {
    key: 'state',
    label: t('players-bans-notes.appeals.column.state'),
    render: (appeal) => <AppealStateTag state={appeal.state} />,
  },
];

/** /bans/appeals: the signed-in player's own appeals; a new one starts from their ban on /bans. */
export function MyAppeals() {
  const t = useT();
  const { state, reload } = useLoad('/api/appeals/mine', appealsListResponseSchema);
  // Two elements in one message: the link at SLOT, the button's name at BUTTON (either may come first).
  const intro = t('players-bans-notes.appeals.mine.intro', { link: SLOT, button: BUTTON }).split(BUTTON);
  const bansLink = <Link to="/bans">{t('players-bans-notes.appeals.mine.intro.link')}</Link>;
  return (
    <section className="moderation-list" aria-label={t('players-bans-notes.appeals.mine.title')}>
      <p>
        {withNode(intro[0] ?? '', bansLink)}
        <strong>{t('players-bans-notes.appeals.appeal')}</strong>
        {withNode(intro[1] ?? '', bansLink)}
      </p>
      <LoadState state={state} what={t('players-bans-notes.appeals.mine.what')} onRetry={reload}>
        {(data) => (
          <DataTable
            caption={t('players-bans-notes.appeals.mine.title')}
            columns={myColumns(t)}
            rows={data.appeals}
            rowKey={(appeal) => String(appeal.id)}
            empty={<EmptyState>{t('players-bans-notes.appeals.mine.empty')}</EmptyState>}
          />
        )}
      </LoadState>
    </section>
  );
}
