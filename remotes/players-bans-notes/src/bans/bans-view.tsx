import { BAN_TYPES, type Ban, bansListResponseSchema } from '@outpost/contracts';
import { useCan, useLoad } from '@outpost/host';
import { LoadState, Pager } from '@outpost/ui';
import { useState } from 'react';
import { AppealDialog } from '../appeals/appeal-dialog';
import { useOwnBanAppeals } from '../appeals/use-own-ban-appeals';
import { queryString } from '../common/query-string';
import { SearchForm } from '../common/search-form';
import { useKeysetPages } from '../common/use-keyset-pages';
import { useQueryParams } from '../common/use-query-params';
import { BanForm } from './ban-form';
import { BansTable } from './bans-table';
import { UnbanDialog } from './unban-dialog';

const FILTERS = ['q', 'status', 'type'] as const;
const PAGE_SIZE = 50;

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; ban: Ban }
  | { kind: 'unban'; ban: Ban }
  | { kind: 'appeal'; ban: Ban }
  | null;

/** /admin/bans (staff: create, edit, unban) and /bans (anonymous: read only, never IPs). */
export function BansView({ mode }: { mode: 'staff' | 'public' }) {
  const [filters, setFilters] = useQueryParams(FILTERS);
  const pages = useKeysetPages(JSON.stringify(filters));
  const path = `/api/bans${queryString({ ...filters, cursor: pages.cursor, limit: PAGE_SIZE })}`;
  const { state, reload } = useLoad(path, bansListResponseSchema);
  const [dialog, setDialog] = useState<Dialog>(null);
  const staff = mode === 'staff';
  const canCreate = useCan('bans.create') && staff;
  const canEdit = useCan('bans.edit') && staff;
  const canUnban = useCan('bans.unban') && staff;
  const appealAction = useOwnBanAppeals(mode === 'public', (ban) => setDialog({ kind: 'appeal', ban }));
  const done = () => {
    setDialog(null);
    reload();
  };

  return (
    <section className="moderation-list" aria-label="Bans">
      <div className="toolbar">
        <SearchForm
          label="Search bans"
          placeholder="Name, reason, ban id or any SteamID form"
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        >
          <select
            aria-label="Status"
            className="input"
            value={filters.status}
            onChange={(e) => setFilters({ status: e.target.value })}
          >
            <option value="">All statuses</option>
            <option value="active">Active</option>
            <option value="expired">Expired</option>
            <option value="unbanned">Unbanned</option>
          </select>
          <select
            aria-label="Type"
            className="input"
            value={filters.type}
            onChange={(e) => setFilters({ type: e.target.value })}
          >
            <option value="">All types</option>
            {BAN_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </SearchForm>
        {canCreate && (
          <button type="button" className="button is-danger" onClick={() => setDialog({ kind: 'create' })}>
            New ban
          </button>
        )}
      </div>
      <LoadState state={state} what="bans">
        {(data) => (
          <>
            <BansTable
              bans={data.bans}
              mode={mode}
              onEdit={canEdit ? (ban) => setDialog({ kind: 'edit', ban }) : undefined}
              onUnban={canUnban ? (ban) => setDialog({ kind: 'unban', ban }) : undefined}
              appealAction={appealAction}
            />
            <Pager
              page={pages.page}
              hasPrevious={pages.hasPrevious}
              nextCursor={data.nextCursor}
              onPrevious={pages.previous}
              onNext={pages.next}
            />
          </>
        )}
      </LoadState>
      {dialog?.kind === 'create' && <BanForm onDone={done} onCancel={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <BanForm ban={dialog.ban} onDone={done} onCancel={() => setDialog(null)} />}
      {dialog?.kind === 'appeal' && <AppealDialog ban={dialog.ban} onCancel={() => setDialog(null)} />}
      {dialog?.kind === 'unban' && <UnbanDialog ban={dialog.ban} onDone={done} onCancel={() => setDialog(null)} />}
    </section>
  );
}
