import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQueryParams } from '../common/use-query-params';
import { AuditFilters } from './audit-filters';
import { LogEntryRow } from './log-entry-row';
import { type LogFilters, useLogWindow } from './use-log-window';

const FILTER_KEYS = ['player', 'serverId', 'type', 'from', 'to'] as const;

/** /admin/audit/:aroundId?: the audit and chat log, around one entry or from the newest. */
export function AuditView() {
  const { aroundId: aroundParam } = useParams();
  const aroundId = aroundParam && /^\d+$/.test(aroundParam) ? Number(aroundParam) : null;
  const [filters, setFilters] = useQueryParams(FILTER_KEYS);
  const log = useLogWindow(filters as LogFilters, aroundId);
  const navigate = useNavigate();
  const location = useLocation();
  const [jumpTo, setJumpTo] = useState('');
  const table = useRef<HTMLTableElement>(null);

  useEffect(() => {
    if (log.status !== 'ready' || !aroundId) return;
    const row = table.current?.querySelector(`[data-entry-id="${aroundId}"]`);
    row?.scrollIntoView?.({ block: 'center' });
  }, [log.status, aroundId]);

  const jump = (event: FormEvent) => {
    event.preventDefault();
    if (/^\d+$/.test(jumpTo.trim())) navigate(`/admin/audit/${jumpTo.trim()}${location.search}`);
  };

  return (
    <section className="audit-log" aria-label="Activity log">
      <div className="toolbar">
        <AuditFilters value={filters as LogFilters} onApply={(next) => setFilters(next)} />
        <form className="filters" onSubmit={jump} aria-label="Jump to entry">
          <label>
            Entry #
            <input
              className="input entry-input"
              inputMode="numeric"
              value={jumpTo}
              onChange={(e) => setJumpTo(e.target.value)}
            />
          </label>
          <button type="submit" className="button is-light">
            Jump
          </button>
          {aroundId && (
            <button
              type="button"
              className="button is-light"
              onClick={() => navigate(`/admin/audit${location.search}`)}
            >
              Newest
            </button>
          )}
        </form>
      </div>
      {log.status === 'loading' && <p className="loading">Loading the log…</p>}
      {log.status === 'failed' && (
        <p className="error-text" role="alert">
          Could not load the log: {log.message}
        </p>
      )}
      {log.status === 'ready' && (
        <>
          {log.newerCursor && (
            <button type="button" className="button is-light load-more" disabled={log.busy} onClick={log.loadNewer}>
              Load newer
            </button>
          )}
          {log.entries.length === 0 ? (
            <p className="card muted">No log entries match.</p>
          ) : (
            <div className="table-scroll">
              <table className="table log-table" ref={table}>
                <thead>
                  <tr>
                    <th>Time</th>
                    <th>Player</th>
                    <th>Message</th>
                    <th>Target</th>
                  </tr>
                </thead>
                <tbody>
                  {log.entries.map((entry) => (
                    <LogEntryRow key={entry.id} entry={entry} highlighted={entry.id === aroundId} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {log.olderCursor && (
            <button type="button" className="button is-light load-more" disabled={log.busy} onClick={log.loadOlder}>
              Load older
            </button>
          )}
          {log.message && <p className="error-text">{log.message}</p>}
        </>
      )}
    </section>
  );
}
