import { panelHealthSchema } from '@outpost/contracts';
import { useLoad } from '@outpost/host';
import { Button, Card, DescriptionList, LoadState, RelativeTime, Table, Tag, Toolbar } from '@outpost/ui';

/** 93784 -> '1 d 2 h 3 min'. */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h ${minutes} min`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${Math.floor(seconds)} s`;
}

const BACKUP_KINDS = { sqlite: 'SQLite snapshot', pg_dump: 'pg_dump', export: 'Outpost export' } as const;

function backupKindLabel(kind: keyof typeof BACKUP_KINDS): string {
  return BACKUP_KINDS[kind];
}

/** 123456789 -> '117.7 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

/** The Health tab: the database, and every running API instance. */
export function HealthTab() {
  const { state, reload } = useLoad('/api/panel/health', panelHealthSchema);
  return (
    // The hero above says "Health" (the page's one title): no second heading here, the cards name their parts.
    <section className="panel-section" aria-label="Health">
      <Toolbar
        actions={
          <Button icon="refresh" onClick={reload}>
            Refresh
          </Button>
        }
      >
        <p className="muted">The database, the last backup and every running API instance.</p>
      </Toolbar>
      <LoadState state={state} what="the health figures" onRetry={reload}>
        {(health) => (
          <div className="settings-stack">
            <Card title="Database and backups">
              <DescriptionList
                layout="grid"
                items={[
                  { term: 'Database', value: health.database.kind === 'postgres' ? 'PostgreSQL' : 'SQLite' },
                  {
                    term: 'Reachable',
                    value: health.database.reachable ? (
                      <Tag tone="success">yes, {health.database.latencyMs} ms</Tag>
                    ) : (
                      <Tag tone="danger">no</Tag>
                    ),
                  },
                  { term: 'API instances', value: health.instances.length },
                  {
                    term: 'Last backup',
                    value: health.lastBackup ? (
                      <>
                        <RelativeTime value={health.lastBackup.at} /> ({backupKindLabel(health.lastBackup.kind)},{' '}
                        {formatBytes(health.lastBackup.bytes)})
                      </>
                    ) : (
                      <span className="muted">
                        none yet: run <code>pnpm outpost backup</code>
                      </span>
                    ),
                  },
                ]}
              />
            </Card>
            <Card title="API instances">
              <Table
                caption="API instances"
                rows={health.instances}
                rowKey={(instance) => instance.id}
                columns={[
                  {
                    key: 'id',
                    label: 'Instance',
                    render: (instance) => (
                      <>
                        <code>{instance.id.slice(0, 8)}</code>{' '}
                        {instance.id === health.thisInstance && <Tag tone="neutral">this one</Tag>}
                      </>
                    ),
                  },
                  { key: 'version', label: 'Version', render: (instance) => instance.version },
                  { key: 'uptime', label: 'Uptime', render: (instance) => formatUptime(instance.uptimeSeconds) },
                  { key: 'streams', label: 'Open notification streams', render: (instance) => instance.openStreams },
                  {
                    key: 'sweep',
                    label: 'Last poller sweep',
                    render: (instance) =>
                      instance.poller ? (
                        <>
                          <RelativeTime value={instance.poller.lastSweepAt} />: {instance.poller.durationMs} ms,{' '}
                          {instance.poller.answered} of {instance.poller.servers} servers answered
                        </>
                      ) : (
                        <span className="muted">not polling</span>
                      ),
                  },
                ]}
              />
            </Card>
          </div>
        )}
      </LoadState>
    </section>
  );
}
