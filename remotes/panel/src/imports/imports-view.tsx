import { IMPORTER_LABELS, type ImportJob, type ImportPhase, importJobListSchema } from '@outpost/contracts';
import { SLOT, useLoad, useT, withNode } from '@outpost/host';
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

const PHASE = {
  running: { tone: 'info', label: 'panel.imports.phase.running' },
  finished: { tone: 'success', label: 'panel.imports.phase.finished' },
  failed: { tone: 'danger', label: 'panel.imports.phase.failed' },
  interrupted: { tone: 'warning', label: 'panel.imports.phase.interrupted' },
} satisfies Record<ImportPhase, { tone: TagTone; label: string }>;

const BAR_TONE = { running: 'accent', finished: 'success', failed: 'danger', interrupted: 'accent' } as const;

function ImportCard({ job }: { job: ImportJob }) {
  const t = useT();
  const phase = PHASE[job.phase];
  const skipped = job.kinds.reduce((sum, kind) => sum + kind.skipped, 0);
  const imported = job.kinds.reduce((sum, kind) => sum + kind.imported, 0);
  return (
    <Card
      title={
        <>
          {IMPORTER_LABELS[job.importer]} <Tag tone={phase.tone}>{t(phase.label)}</Tag>
        </>
      }
      description={<code>{job.source}</code>}
    >
      <div className="imports-job">
        <ProgressBar label={t('panel.imports.progress')} value={job.done} max={job.total} tone={BAR_TONE[job.phase]} />
        {job.phase === 'failed' && (
          <Callout tone="danger">
            {t('panel.imports.failed', { reason: job.error ?? t('panel.imports.failed.noReason') })}
          </Callout>
        )}
        {job.phase === 'interrupted' && <Callout tone="warning">{t('panel.imports.interrupted')}</Callout>}
        <DescriptionList
          layout="grid"
          items={[
            { term: t('panel.imports.started'), value: <DateTime value={job.startedAt} display="both" /> },
            {
              term: job.finishedAt === null ? t('panel.imports.lastUpdate') : t('panel.imports.ended'),
              value: <DateTime value={job.finishedAt ?? job.updatedAt} display="relative" />,
            },
            { term: t('panel.imports.imported'), value: imported },
            { term: t('panel.imports.skipped'), value: skipped },
          ]}
        />
        <Table
          caption={t('panel.imports.table', { importer: IMPORTER_LABELS[job.importer] })}
          rows={job.kinds}
          rowKey={(kind) => kind.kind}
          columns={[
            { key: 'kind', label: t('panel.imports.column.what'), render: (kind) => kind.kind, phone: 'primary' },
            { key: 'imported', label: t('panel.imports.imported'), render: (kind) => kind.imported },
            { key: 'skipped', label: t('panel.imports.skipped'), render: (kind) => kind.skipped },
            {
              key: 'details',
              label: t('panel.imports.column.details'),
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
  const t = useT();
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
            {t('panel.common.refresh')}
          </Button>
        }
      />
      <LoadState state={state} what={t('panel.imports.what')} onRetry={reload}>
        {({ jobs }) =>
          jobs.length === 0 ? (
            <EmptyState title={t('panel.imports.empty.title')}>
              {withNode(
                t('panel.imports.empty.body', { command: SLOT }),
                <code>pnpm outpost import sourcebans --from mysql://user:pass@host/database</code>,
              )}
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
