import { IMPORTER_LABELS, type ImportJob, type ImportPhase, importJobListSchema } from '@outpost/contracts';
import { useLoad } from '@outpost/host';
import {
  Button,
  Callout,
  Card,
  DateTime,
  DescriptionList,
  EmptyState,
  LoadState,
  ProgressBar,
  Table,
  Tag,
  type TagTone,
  Toolbar,
} from '@outpost/ui';
import { useEffect } from 'react';

/**
 * /panel/imports (issue 24 item 3): every run of `pnpm outpost import …`, newest first, with a
 * progress bar that moves while a run is going (the list is asked again every POLL_MS while one
 * is running, every IDLE_POLL_MS otherwise, so a run started on the server shows up by itself)
 * and, per kind of row, what came in and what was skipped and why.
 */

export const POLL_MS = 1500;
export const IDLE_POLL_MS = 6000;

const PHASE: Record<ImportPhase, { tone: TagTone; label: string }> = {
  running: { tone: 'info', label: 'running' },
  finished: { tone: 'success', label: 'finished' },
  failed: { tone: 'danger', label: 'failed' },
  interrupted: { tone: 'warning', label: 'interrupted' },
};

const BAR_TONE = { running: 'accent', finished: 'success', failed: 'danger', interrupted: 'accent' } as const;

function ImportCard({ job }: { job: ImportJob }) {
  const phase = PHASE[job.phase];
  const skipped = job.kinds.reduce((sum, kind) => sum + kind.skipped, 0);
  const imported = job.kinds.reduce((sum, kind) => sum + kind.imported, 0);
  return (
    <Card
      title={
        <>
          {IMPORTER_LABELS[job.importer]} <Tag tone={phase.tone}>{phase.label}</Tag>
        </>
      }
      description={<code>{job.source}</code>}
    >
      <div className="imports-job">
        <ProgressBar label="Bans and comm blocks read" value={job.done} max={job.total} tone={BAR_TONE[job.phase]} />
        {job.phase === 'failed' && (
          <Callout tone="danger">The import failed: {job.error ?? 'no reason recorded'}</Callout>
        )}
        {job.phase === 'interrupted' && (
          <Callout tone="warning">
            This run stopped reporting before it finished. Run the same command again: it brings only what is not
            imported yet.
          </Callout>
        )}
        <DescriptionList
          layout="grid"
          items={[
            { term: 'Started', value: <DateTime value={job.startedAt} display="both" /> },
            {
              term: job.finishedAt === null ? 'Last update' : 'Ended',
              value: <DateTime value={job.finishedAt ?? job.updatedAt} display="relative" />,
            },
            { term: 'Imported', value: imported },
            { term: 'Skipped', value: skipped },
          ]}
        />
        <Table
          caption={`What the ${IMPORTER_LABELS[job.importer]} import brought and skipped`}
          rows={job.kinds}
          rowKey={(kind) => kind.kind}
          columns={[
            { key: 'kind', label: 'What', render: (kind) => kind.kind, phone: 'primary' },
            { key: 'imported', label: 'Imported', render: (kind) => kind.imported },
            { key: 'skipped', label: 'Skipped', render: (kind) => kind.skipped },
            {
              key: 'details',
              label: 'Why skipped, and remarks',
              render: (kind) =>
                kind.details.length === 0 ? (
                  <span className="muted">—</span>
                ) : (
                  <ul className="imports-details">
                    {kind.details.map((detail) => (
                      <li key={detail}>{detail}</li>
                    ))}
                  </ul>
                ),
            },
          ]}
        />
      </div>
    </Card>
  );
}

export function ImportsView() {
  const { state, reload } = useLoad('/api/panel/imports', importJobListSchema);
  const running = state.status === 'ready' && state.data.jobs.some((job) => job.phase === 'running');
  useEffect(() => {
    const timer = setInterval(reload, running ? POLL_MS : IDLE_POLL_MS);
    return () => clearInterval(timer);
  }, [running, reload]);
  return (
    <>
      {/* The shell's banner is the page's title (the route's title and description). */}
      <Toolbar
        actions={
          <Button icon="refresh" onClick={reload}>
            Refresh
          </Button>
        }
      />
      <LoadState state={state} what="the imports" onRetry={reload}>
        {({ jobs }) =>
          jobs.length === 0 ? (
            <EmptyState title="No imports yet">
              Run one on the server: <code>pnpm outpost import sourcebans --from mysql://user:pass@host/database</code>{' '}
              (or simpleadmin, amxbans, csv). Its progress shows here while it runs.
            </EmptyState>
          ) : (
            <div className="imports-list">
              {jobs.map((job) => (
                <ImportCard key={job.id} job={job} />
              ))}
            </div>
          )
        }
      </LoadState>
    </>
  );
}
