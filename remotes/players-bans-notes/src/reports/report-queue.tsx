import { type ReportGroup, reportGroupSchema, reportQueueResponseSchema, steamIdForms } from '@outpost/contracts';
import { queryString, SLOT, sendJson, useCan, useHost, useLoad, useSessionStore, useT, withNode } from '@outpost/host';
import { Button, DateTime, EmptyState, LoadState, SelectFilter, Tag, Toolbar } from '@outpost/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { ManageUserLink } from '../common/manage-user-link';
import { useQueryParams } from '../common/use-query-params';
import { reasonLabel } from './report-reasons';
import { ResolveDialog } from './resolve-dialog';

const FILTERS = ['status', 'claimed', 'group'] as const;

const targetLabel = (group: ReportGroup) => group.targetName ?? steamIdForms(group.targetSteamid).steam2;

/** /admin/reports: one card per reported player (reports within the window grouped), oldest open first. */
export function ReportQueue() {
  const t = useT();
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
        message:
          action === 'release'
            ? t('players-bans-notes.reports.queue.released')
            : t('players-bans-notes.reports.queue.claimed', { name: targetLabel(group) }),
      });
    reload();
  };

  return (
    <section className="moderation-list report-queue" aria-label={t('players-bans-notes.reports.queue.aria')}>
      {/* The kit's toolbar: at 360 px each filter takes the whole row, as on every other list page. */}
      <Toolbar
        actions={
          single ? (
            <Link to="/admin/reports">{t('players-bans-notes.reports.queue.whole')}</Link>
          ) : (
            queue.state.status === 'ready' && (
              <p className="muted queue-count" role="status">
                {t('players-bans-notes.reports.queue.openCount', { count: queue.state.data.openCount })}
              </p>
            )
          )
        }
      >
        {!single && (
          <>
            <SelectFilter
              label={t('players-bans-notes.reports.filter.status')}
              value={filters.status || 'open'}
              onChange={(value) => setFilters({ status: value === 'open' ? '' : value })}
              options={[
                { value: 'open', label: t('players-bans-notes.reports.filter.status.open') },
                { value: 'resolved', label: t('players-bans-notes.reports.filter.status.resolved') },
                { value: 'all', label: t('players-bans-notes.reports.filter.status.all') },
              ]}
            />
            <SelectFilter
              label={t('players-bans-notes.reports.filter.claimed')}
              value={filters.claimed || 'any'}
              onChange={(value) => setFilters({ claimed: value === 'any' ? '' : value })}
              options={[
                { value: 'any', label: t('players-bans-notes.reports.filter.claimed.any') },
                { value: 'me', label: t('players-bans-notes.reports.filter.claimed.me') },
                { value: 'none', label: t('players-bans-notes.reports.filter.claimed.none') },
              ]}
            />
          </>
        )}
      </Toolbar>
      {single ? (
        <LoadState state={one.state} what={t('players-bans-notes.reports.queue.whatOne')} onRetry={one.reload}>
          {(group) => <GroupCard group={group} onClaim={claim} onResolve={setResolving} />}
        </LoadState>
      ) : (
        <LoadState state={queue.state} what={t('players-bans-notes.reports.queue.what')} onRetry={queue.reload}>
          {(data) =>
            data.groups.length === 0 ? (
              <EmptyState>{t('players-bans-notes.reports.queue.empty')}</EmptyState>
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
  const t = useT();
  if (group.resolution === 'ban')
    return (
      <Tag tone="danger">
        {t('players-bans-notes.reports.outcome.banned')}{' '}
        {group.banId !== null && (
          <Link to={`/admin/bans${queryString({ q: String(group.banId) })}`}>
            {t('players-bans-notes.reports.outcome.banLink', { id: group.banId })}
          </Link>
        )}
      </Tag>
    );
  if (group.resolution === 'note')
    return <Tag tone="accent">{t('players-bans-notes.reports.outcome.note', { id: group.noteId })}</Tag>;
  return <Tag tone="neutral">{t('players-bans-notes.reports.outcome.dismissed')}</Tag>;
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
  const t = useT();
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
          <Tag tone="warning">{t('players-bans-notes.reports.group.count', { count: group.reportCount })}</Tag>
          {group.reasons.map((reason) => (
            <Tag key={reason} tone="light">
              {reasonLabel(t, reason)}
            </Tag>
          ))}
          {!open && <Outcome group={group} />}
        </div>
      </header>
      <p className="muted report-meta">
        {withNode(
          t('players-bans-notes.reports.group.first', { date: SLOT }),
          <DateTime value={group.firstReportAt} />,
        )}{' '}
        {withNode(t('players-bans-notes.reports.group.last', { date: SLOT }), <DateTime value={group.lastReportAt} />)}{' '}
        {group.claimedByName
          ? open
            ? mine
              ? t('players-bans-notes.reports.group.workingMe')
              : t('players-bans-notes.reports.group.working', { name: group.claimedByName })
            : withNode(
                t('players-bans-notes.reports.group.resolved', {
                  name: group.resolvedByName ?? group.claimedByName,
                  date: SLOT,
                }),
                <DateTime value={group.resolvedAt} />,
              )
          : t('players-bans-notes.reports.group.nobody')}
        {group.comment && ` ${t('players-bans-notes.reports.group.comment', { comment: group.comment })}`}
      </p>
      <ul className="report-list">
        {group.reports.map((report) => (
          <li key={report.id} className="report-item">
            <p className="report-line">
              <strong>{report.reporterName}</strong>{' '}
              <Tag tone="neutral">
                {report.source === 'game'
                  ? t('players-bans-notes.reports.report.game')
                  : t('players-bans-notes.reports.report.site')}
              </Tag>{' '}
              <Tag tone="neutral">{reasonLabel(t, report.reason)}</Tag>{' '}
              <span className="muted">
                <DateTime value={report.createdAt} />
              </span>
              {report.serverName && (
                <span className="muted">
                  {' '}
                  {t('players-bans-notes.reports.report.server', { server: report.serverName })}
                </span>
              )}
            </p>
            {report.details && <p className="report-details">{report.details}</p>}
            {report.evidence.length > 0 && (
              <ul
                className="report-evidence-links"
                aria-label={t('players-bans-notes.reports.report.evidence', { name: report.reporterName })}
              >
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
              {t('players-bans-notes.reports.action.claim')}
            </Button>
          )}
          {group.claimedById && !mine && (
            <Button size="small" onClick={() => onClaim(group, 'takeover')}>
              {t('players-bans-notes.reports.action.takeover')}
            </Button>
          )}
          {mine && (
            <Button size="small" onClick={() => onClaim(group, 'release')}>
              {t('players-bans-notes.reports.action.release')}
            </Button>
          )}
          {(!group.claimedById || mine) && (
            <Button size="small" variant="primary" onClick={() => onResolve(group)}>
              {t('players-bans-notes.reports.action.resolve')}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
