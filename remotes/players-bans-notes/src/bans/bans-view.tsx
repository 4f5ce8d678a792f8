import { BAN_TYPES, type Ban, bansListResponseSchema } from '@outpost/contracts';
import { queryString, useCan, useKeysetPages, useLoad } from '@outpost/host';
import { Button, LoadState, Pager, SearchFilter, SelectFilter, Toolbar } from '@outpost/ui';
import { useState } from 'react';
import { AppealDialog } from '../appeals/appeal-dialog';
import { useOwnBanAppeals } from '../appeals/use-own-ban-appeals';
import { useQueryParams } from '../common/use-query-params';
import { BanForm } from './ban-form';
import { BansTable } from './bans-table';
import { BANS_PAGE_SIZE } from './first-page';
import { UnbanDialog } from './unban-dialog';

const FILTERS = ['q', 'status', 'type'] as const;

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
  const path = `/api/bans${queryString({ ...filters, cursor: pages.cursor, limit: BANS_PAGE_SIZE })}`;
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
      <Toolbar
        actions={
          canCreate && (
            <Button variant="danger" icon="ban" onClick={() => setDialog({ kind: 'create' })}>
              New ban
            </Button>
          )
        }
      >
        <SearchFilter
          label="Search bans"
          placeholder="Name, reason, ban id or SteamID"
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        />
        <SelectFilter
          label="Status"
          value={filters.status}
          allLabel="All statuses"
          options={[
            { value: 'active', label: 'Active' },
            { value: 'expired', label: 'Expired' },
            { value: 'unbanned', label: 'Unbanned' },
          ]}
          onChange={(status) => setFilters({ status })}
        />
        <SelectFilter
          label="Type"
          value={filters.type}
          allLabel="All types"
          options={BAN_TYPES.map((type) => ({ value: type, label: type }))}
          onChange={(type) => setFilters({ type })}
        />
      </Toolbar>
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
            <Pager pages={pages} nextCursor={data.nextCursor} />
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
