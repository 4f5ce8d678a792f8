import { BAN_TYPES, type Ban, bansListResponseSchema } from '@outpost/contracts';
import { queryString, useCan, useKeysetPages, useLoad, useT } from '@outpost/host';
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
  const t = useT();
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
    <section className="moderation-list" aria-label={t('players-bans-notes.bans.caption')}>
      <Toolbar
        actions={
          canCreate && (
            <Button variant="danger" icon="ban" onClick={() => setDialog({ kind: 'create' })}>
              {t('players-bans-notes.bans.form.newTitle')}
            </Button>
          )
        }
      >
        <SearchFilter
          label={t('players-bans-notes.bans.search')}
          placeholder={t('players-bans-notes.bans.search.placeholder')}
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        />
        <SelectFilter
          label={t('players-bans-notes.bans.column.status')}
          value={filters.status}
          allLabel={t('players-bans-notes.bans.filter.allStatuses')}
          options={[
            { value: 'active', label: t('players-bans-notes.bans.filter.active') },
            { value: 'expired', label: t('players-bans-notes.bans.filter.expired') },
            { value: 'unbanned', label: t('players-bans-notes.bans.filter.unbanned') },
          ]}
          onChange={(status) => setFilters({ status })}
        />
        <SelectFilter
          label={t('players-bans-notes.bans.form.type')}
          value={filters.type}
          allLabel={t('players-bans-notes.bans.filter.allTypes')}
          options={BAN_TYPES.map((type) => ({ value: type, label: t(`players-bans-notes.bans.type.${type}`) }))}
          onChange={(type) => setFilters({ type })}
        />
      </Toolbar>
      <LoadState state={state} what={t('players-bans-notes.what.bans')}>
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
