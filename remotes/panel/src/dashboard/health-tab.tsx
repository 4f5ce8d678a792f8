import { panelHealthSchema } from '@outpost/contracts';
import { SLOT, useLoad, useT, withNode } from '@outpost/host';
import { Button, Card, DescriptionList, LoadState, RelativeTime, Table, Tag, Toolbar } from '@outpost/ui';

type UptimeParts = { days: number; hours: number; minutes: number; seconds: number };
/** An uptime in words: its largest unit decides the form (the tab passes the reader's language). */
type UptimeWords = (form: 'days' | 'hours' | 'minutes' | 'seconds', parts: UptimeParts) => string;

const ENGLISH_UPTIME: UptimeWords = (form, { days, hours, minutes, seconds }) =>
  form === 'days'
    ? `${days} d ${hours} h ${minutes} min`
    : form === 'hours'
      ? `${hours} h ${minutes} min`
      : form === 'minutes'
        ? `${minutes} min`
        : `${seconds} s`;

/** 93784 -> '1 d 2 h 3 min'. */
export function formatUptime(total: number, words: UptimeWords = ENGLISH_UPTIME): string {
  const parts = {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: Math.floor(total),
  };
  if (parts.days > 0) return words('days', parts);
  if (parts.hours > 0) return words('hours', parts);
  if (parts.minutes > 0) return words('minutes', parts);
  return words('seconds', parts);
}

/** Each backup kind's message key (pg_dump is the tool's own name in every language). */
const BACKUP_KINDS = {
  sqlite: 'panel.dashboard.health.backup.sqlite',
  pg_dump: null,
  export: 'panel.dashboard.health.backup.export',
} as const;

function backupKindLabel(t: ReturnType<typeof useT>, kind: keyof typeof BACKUP_KINDS): string {
  const key = BACKUP_KINDS[kind];
  return key === null ? kind : t(key);
}

type ByteUnit = 'GB' | 'MB' | 'KB' | 'B';
/** A size with its unit: the tab passes the reader's language (МБ in Russian). */
type ByteWords = (unit: ByteUnit, size: string) => string;
const ENGLISH_BYTES: ByteWords = (unit, size) => `${size} ${unit}`;

/** 123456789 -> '117.7 MB'. */
export function formatBytes(bytes: number, words: ByteWords = ENGLISH_BYTES): string {
  if (bytes >= 1024 ** 3) return words('GB', (bytes / 1024 ** 3).toFixed(1));
  if (bytes >= 1024 ** 2) return words('MB', (bytes / 1024 ** 2).toFixed(1));
  if (bytes >= 1024) return words('KB', (bytes / 1024).toFixed(1));
  return words('B', String(bytes));
}

/** The Health tab: the database, and every running API instance. */
export function HealthTab() {
  const t = useT();
  const uptime: UptimeWords = (form, parts) => t(`panel.dashboard.health.uptime.${form}`, parts);
  const bytes: ByteWords = (unit, size) => t(`panel.dashboard.health.bytes.${unit}`, { size });
  const { state, reload } = useLoad('/api/panel/health', panelHealthSchema);
  return (
    // The hero above says "Health" (the page's one title): no second heading here, the cards name their parts.
    <section className="panel-section" aria-label={t('panel.dashboard.health')}>
      <Toolbar
        actions={
          <Button icon="refresh" onClick={reload}>
            {t('panel.dashboard.health.refresh')}
          </Button>
        }
      >
        <p className="muted">{t('panel.dashboard.health.description')}</p>
      </Toolbar>
      <LoadState state={state} what={t('panel.dashboard.health.what')} onRetry={reload}>
        {(health) => (
          <div className="settings-stack">
            <Card title={t('panel.dashboard.health.database.title')}>
              <DescriptionList
                layout="grid"
                items={[
                  {
                    term: t('panel.dashboard.health.database'),
                    value: health.database.kind === 'postgres' ? 'PostgreSQL' : 'SQLite',
                  },
                  {
                    term: t('panel.dashboard.health.reachable'),
                    value: health.database.reachable ? (
                      <Tag tone="success">
                        {t('panel.dashboard.health.reachable.yes', { ms: health.database.latencyMs })}
                      </Tag>
                    ) : (
                      <Tag tone="danger">{t('panel.dashboard.health.reachable.no')}</Tag>
                    ),
                  },
                  { term: t('panel.dashboard.health.instances'), value: health.instances.length },
                  {
                    term: t('panel.dashboard.health.lastBackup'),
                    value: health.lastBackup ? (
                      withNode(
                        t('panel.dashboard.health.lastBackup.value', {
                          when: SLOT,
                          kind: backupKindLabel(t, health.lastBackup.kind),
                          size: formatBytes(health.lastBackup.bytes, bytes),
                        }),
                        <RelativeTime value={health.lastBackup.at} />,
                      )
                    ) : (
                      <span className="muted">
                        {withNode(
                          t('panel.dashboard.health.lastBackup.none', { command: SLOT }),
                          <code>pnpm outpost backup</code>,
                        )}
                      </span>
                    ),
                  },
                ]}
              />
            </Card>
            <Card title={t('panel.dashboard.health.instances')}>
              <Table
                caption={t('panel.dashboard.health.instances')}
                rows={health.instances}
                rowKey={(instance) => instance.id}
                columns={[
                  {
                    key: 'id',
                    label: t('panel.dashboard.health.column.instance'),
                    render: (instance) => (
                      <>
                        <code>{instance.id.slice(0, 8)}</code>{' '}
                        {instance.id === health.thisInstance && (
                          <Tag tone="neutral">{t('panel.dashboard.health.thisOne')}</Tag>
                        )}
                      </>
                    ),
                  },
                  {
                    key: 'version',
                    label: t('panel.dashboard.health.column.version'),
                    render: (instance) => instance.version,
                  },
                  {
                    key: 'uptime',
                    label: t('panel.dashboard.health.column.uptime'),
                    render: (instance) => formatUptime(instance.uptimeSeconds, uptime),
                  },
                  {
                    key: 'streams',
                    label: t('panel.dashboard.health.column.streams'),
                    render: (instance) => instance.openStreams,
                  },
                  {
                    key: 'sweep',
                    label: t('panel.dashboard.health.column.sweep'),
                    render: (instance) =>
                      instance.poller ? (
                        withNode(
                          t('panel.dashboard.health.sweep', {
                            when: SLOT,
                            ms: instance.poller.durationMs,
                            answered: instance.poller.answered,
                            servers: instance.poller.servers,
                          }),
                          <RelativeTime value={instance.poller.lastSweepAt} />,
                        )
                      ) : (
                        <span className="muted">{t('panel.dashboard.health.notPolling')}</span>
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
