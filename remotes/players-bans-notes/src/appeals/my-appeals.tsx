import { type Appeal, appealPath, appealsListResponseSchema } from '@outpost/contracts';
import { useLoad } from '@outpost/host';
import { type Column, DataTable, DateTime, EmptyState, LoadState, RelativeTime } from '@outpost/ui';
import { Link } from 'react-router';
import { AppealStateTag } from './appeal-state';

const columns: Column<Appeal>[] = [
  { key: 'appeal', label: 'Appeal', render: (appeal) => <Link to={appealPath(appeal.id)}>Appeal #{appeal.id}</Link> },
  {
    key: 'ban',
    label: 'Ban',
    className: 'wrap',
    render: (appeal) => (appeal.ban ? `${appeal.ban.type} #${appeal.banId}: ${appeal.ban.reason}` : `#${appeal.banId}`),
  },
  { key: 'opened', label: 'Opened', render: (appeal) => <DateTime value={appeal.createdAt} /> },
  { key: 'activity', label: 'Last activity', render: (appeal) => <RelativeTime value={appeal.lastActivityAt} /> },
  { key: 'state', label: 'State', render: (appeal) => <AppealStateTag state={appeal.state} /> },
];

/** /bans/appeals: the signed-in player's own appeals; a new one starts from their ban on /bans. */
export function MyAppeals() {
  const { state, reload } = useLoad('/api/appeals/mine', appealsListResponseSchema);
  return (
    <section className="moderation-list" aria-label="My appeals">
      <p>
        To appeal a ban or comm block on your Steam account, find it on the <Link to="/bans">bans page</Link> and press{' '}
        <strong>Appeal</strong>.
      </p>
      <LoadState state={state} what="your appeals" onRetry={reload}>
        {(data) => (
          <DataTable
            caption="My appeals"
            columns={columns}
            rows={data.appeals}
            rowKey={(appeal) => String(appeal.id)}
            empty={<EmptyState>You have not appealed anything.</EmptyState>}
          />
        )}
      </LoadState>
    </section>
  );
}
