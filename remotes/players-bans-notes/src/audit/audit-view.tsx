import { useT } from '@outpost/host';
import { Button, Callout, ErrorState, FilterField, Input, LoadingState, Toolbar } from '@outpost/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQueryParams } from '../common/use-query-params';
import { AuditFilters } from './audit-filters';
import { LogTable } from './log-entry-row';
import { type LogFilters, useLogWindow } from './use-log-window';

const FILTER_KEYS = ['player', 'serverId', 'type', 'from', 'to'] as const;

/** /admin/audit/:aroundId?: the audit and chat log, around one entry or from the newest. */
export function AuditView() {
  const t = useT();
  const { aroundId: aroundParam } = useParams();
  const aroundId = aroundParam && /^\d+$/.test(aroundParam) ? Number(aroundParam) : null;
  const [filters, setFilters] = useQueryParams(FILTER_KEYS);
  const log = useLogWindow(filters as LogFilters, aroundId);
  const navigate = useNavigate();
  const location = useLocation();
  const [jumpTo, setJumpTo] = useState('');
  const table = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (log.status !== 'ready' || !aroundId) return;
    const row = table.current?.querySelector(`.log-entry-${aroundId}`);
    row?.scrollIntoView?.({ block: 'center' });
  }, [log.status, aroundId]);

  const jump = (event: FormEvent) => {
    event.preventDefault();
    if (/^\d+$/.test(jumpTo.trim())) navigate(`/admin/audit/${jumpTo.trim()}${location.search}`);
  };

  return (
    <section className="audit-log" aria-label={t('players-bans-notes.audit.aria')}>
      <Toolbar>
        <AuditFilters value={filters as LogFilters} onApply={(next) => setFilters(next)} />
      </Toolbar>
      <Toolbar>
        <form className="audit-jump" onSubmit={jump} aria-label={t('players-bans-notes.audit.jump.aria')}>
          <FilterField label={t('players-bans-notes.audit.jump.entry')}>
            {({ id }) => (
              <Input id={id} inputMode="numeric" value={jumpTo} onChange={(e) => setJumpTo(e.target.value)} />
            )}
          </FilterField>
          <Button type="submit">{t('players-bans-notes.audit.jump.submit')}</Button>
          {aroundId && (
            <Button onClick={() => navigate(`/admin/audit${location.search}`)}>
              {t('players-bans-notes.audit.jump.newest')}
            </Button>
          )}
        </form>
      </Toolbar>
      {log.status === 'loading' && <LoadingState what={t('players-bans-notes.audit.what')} />}
      {log.status === 'failed' && <ErrorState what={t('players-bans-notes.audit.what')} message={log.message ?? ''} />}
      {log.status === 'ready' && (
        <div className="audit-entries" ref={table}>
          {log.newerCursor && (
            <Button className="load-more" disabled={log.busy} onClick={log.loadNewer}>
              {t('players-bans-notes.audit.loadNewer')}
            </Button>
          )}
          <LogTable entries={log.entries} highlightedId={aroundId} />
          {log.olderCursor && (
            <Button className="load-more" disabled={log.busy} onClick={log.loadOlder}>
              {t('players-bans-notes.audit.loadOlder')}
            </Button>
          )}
          {log.message && <Callout tone="danger">{log.message}</Callout>}
        </div>
      )}
    </section>
  );
}
