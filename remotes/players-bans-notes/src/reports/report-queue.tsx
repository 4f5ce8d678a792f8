import { type ReportGroup, reportGroupSchema, reportQueueResponseSchema, steamIdForms } from '@outpost/contracts';
import { queryString, sendJson, useCan, useHost, useLoad, useSessionStore } from '@outpost/host';
import { Button, DateTime, EmptyState, LoadState, SelectFilter, Tag, Toolbar } from '@outpost/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { ManageUserLink } from '../common/manage-user-link';
import { useQueryParams } from '../common/use-query-params';
import { ResolveDialog } from './resolve-dialog';

const FILTERS = ['status', 'claimed', 'group'] as const;

const targetLabel = (group: ReportGroup) => group.targetName ?? steamIdForms(group.targetSteamid).steam2;

/** /admin/reports: one card per reported player (reports within the window grouped), oldest open first. */
export function ReportQueue() {
  const host = useHost();
  const [filters, setFilters] = useQueryParams(FILTERS);
  const single = filters.group && /^\d+$/.test(filters.group) ? filters.group : '';
  const queue = useLoad(
    single
      ? null
      : `/api/reports/groups${queryString({ status: filters.status || 'open', claimed: filters.claimed || 'any' })}`,
    reportQueueResponseSchema,
  );
  const one = useLoad(single ? `/api/reports/groups/${single}` : null, reportGroupSchema);
  const [resolving, setResolving] = useState<ReportGroup | null>(null);
  const reload = () => (single ? one.reload() : queue.reload());

  const claim = async (group: ReportGroup, action: 'claim' | 'takeover' | 'release') => {
    const path = `/api/reports/groups/${group.id}/claim`;
    const result =
      action === 'release'
        ? await sendJson(host, 'DELETE', path, undefined, reportGroupSchema)
        : await sendJson(host, 'POST', path, { force: action === 'takeover' }, reportGroupSchema);
    if (result.ok)
      host.notify({
        level: 'success',
        message: action === 'release' ? 'Report released' : `You are working on the report of ${targetLabel(group)}`,
      });
    reload();
  };

  return (
    <section className="moderation-list report-queue" aria-label="Player reports">
      {/* The kit's toolbar: at 360 px each filter takes the whole row, as on every other list page. */}
      <Toolbar
        actions={
          single ? (
            <Link to="/admin/reports">Show the whole queue</Link>
          ) : (
            queue.state.status === 'ready' && (
              <p className="muted queue-count" role="status">
                {queue.state.data.openCount} open
              </p>
            )
          )
        }
      >
        {!single && (
          <>
            <SelectFilter
              label="Status"
              value={filters.status || 'open'}
              onChange={(value) => setFilters({ status: value === 'open' ? '' : value })}
              options={[
                { value: 'open', label: 'Open' },
                { value: 'resolved', label: 'Resolved' },
                { value: 'all', label: 'All' },
              ]}
            />
            <SelectFilter
              label="Claimed by"
              value={filters.claimed || 'any'}
              onChange={(value) => setFilters({ claimed: value === 'any' ? '' : value })}
              options={[
                { value: 'any', label: 'Anyone or nobody' },
                { value: 'me', label: 'Me' },
                { value: 'none', label: 'Nobody' },
              ]}
            />
          </>
        )}
      </Toolbar>
      {single ? (
        <LoadState state={one.state} what="the report" onRetry={one.reload}>
          {(group) => <GroupCard group={group} onClaim={claim} onResolve={setResolving} />}
        </LoadState>
      ) : (
        <LoadState state={queue.state} what="reports" onRetry={queue.reload}>
          {(data) =>
            data.groups.length === 0 ? (
              <EmptyState>No reports here.</EmptyState>
            ) : (
              <ol className="report-groups">
                {data.groups.map((group) => (
                  <li key={group.id}>
                    <GroupCard group={group} onClaim={claim} onResolve={setResolving} />
                  </li>
                ))}
              </ol>
            )
          }
        </LoadState>
      )}
      {resolving && (
        <ResolveDialog
          group={resolving}
          targetLabel={targetLabel(resolving)}
          onCancel={() => setResolving(null)}
          onDone={() => {
            setResolving(null);
            reload();
          }}
        />
      )}
    </section>
  );
}

function Outcome({ group }: { group: ReportGroup }) {
  if (group.resolution === 'ban')
    return (
      <Tag tone="danger">
        Banned{' '}
        {group.banId !== null && (
          <Link to={`/admin/bans${queryString({ q: String(group.banId) })}`}>ban #{group.banId}</Link>
        )}
      </Tag>
    );
  if (group.resolution === 'note') return <Tag tone="accent">Note #{group.noteId}</Tag>;
  return <Tag tone="neutral">Dismissed</Tag>;
}

function GroupCard({
  group,
  onClaim,
  onResolve,
}: {
  group: ReportGroup;
  onClaim(group: ReportGroup, action: 'claim' | 'takeover' | 'release'): void;
  onResolve(group: ReportGroup): void;
}) {
  const me = useSessionStore((state) => state.session?.user.id ?? null);
  const canViewPlayers = useCan('players.view');
  const open = group.status === 'open';
  const mine = group.claimedById !== null && group.claimedById === me;
  const name = targetLabel(group);
  const headingId = `report-group-${group.id}`;
  return (
    <article className="card report-group" aria-labelledby={headingId}>
      <header className="report-group-header">
        <h3 id={headingId} className="report-target-name">
          {canViewPlayers ? <ManageUserLink id={group.targetSteamid}>{name}</ManageUserLink> : name}{' '}
          <code className="muted">{group.targetSteamid}</code>
        </h3>
        <div className="report-tags">
          <Tag tone="warning">
            {group.reportCount} {group.reportCount === 1 ? 'report' : 'reports'}
          </Tag>
          {group.reasons.map((reason) => (
            <Tag key={reason} tone="light">
              {reason}
            </Tag>
          ))}
          {!open && <Outcome group={group} />}
        </div>
      </header>
      <p className="muted report-meta">
        First <DateTime value={group.firstReportAt} />, last <DateTime value={group.lastReportAt} />.{' '}
        {group.claimedByName ? (
          open ? (
            `${mine ? 'You are' : `${group.claimedByName} is`} working on it.`
          ) : (
            <>
              Resolved by {group.resolvedByName ?? group.claimedByName} <DateTime value={group.resolvedAt} />.
            </>
          )
        ) : (
          'Nobody is working on it.'
        )}
        {group.comment && ` Comment: ${group.comment}`}
      </p>
      <ul className="report-list">
        {group.reports.map((report) => (
          <li key={report.id} className="report-item">
            <p className="report-line">
              <strong>{report.reporterName}</strong>{' '}
              <Tag tone="neutral">{report.source === 'game' ? 'in game' : 'site'}</Tag>{' '}
              <Tag tone="neutral">{report.reason}</Tag>{' '}
              <span className="muted">
                <DateTime value={report.createdAt} />
              </span>
              {report.serverName && <span className="muted"> on {report.serverName}</span>}
            </p>
            {report.details && <p className="report-details">{report.details}</p>}
            {report.evidence.length > 0 && (
              <ul className="report-evidence-links" aria-label={`Evidence from ${report.reporterName}`}>
                {report.evidence.map((url) => (
                  <li key={url}>
                    <a href={url} target="_blank" rel="noopener noreferrer nofollow ugc">
                      {url}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {open && (
        <div className="row-actions report-actions">
          {!group.claimedById && (
            <Button size="small" onClick={() => onClaim(group, 'claim')}>
              Claim
            </Button>
          )}
          {group.claimedById && !mine && (
            <Button size="small" onClick={() => onClaim(group, 'takeover')}>
              Take over
            </Button>
          )}
          {mine && (
            <Button size="small" onClick={() => onClaim(group, 'release')}>
              Release
            </Button>
          )}
          {(!group.claimedById || mine) && (
            <Button size="small" variant="primary" onClick={() => onResolve(group)}>
              Resolve
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
