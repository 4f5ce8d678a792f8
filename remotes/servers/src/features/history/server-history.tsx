import {
  SERVER_HISTORY_RANGES,
  type ServerHistoryRange,
  type ServerHistoryResponse,
  serverHistoryResponseSchema,
  serverPeakHoursResponseSchema,
} from '@outpost/contracts';
import { useLoad, useLocale, useT } from '@outpost/host';
import { type Column, DataTable, DateTime, DescriptionList, EmptyState, LoadState, Tabs } from '@outpost/ui';
import { lazy, Suspense, useState } from 'react';
import { formatPercent, type HistoryRow, tableRows, viewerOffsetMinutes } from './history-data';
import { PeakHoursMap } from './peak-hours-map';
import './history.css';

// uPlot comes with the chart, fetched when a chart is first drawn.
// Without it (a chunk that failed to load, a browser uPlot cannot start in) the tables stand alone.
const PopulationChart = lazy(() =>
  import('./population-chart').catch(() => ({
    default: (_props: { history: ServerHistoryResponse; label: string }) => <span hidden />,
  })),
);

type T = ReturnType<typeof useT>;
const H = 'servers-overview.history.';
const rangeLabel = (t: T, range: ServerHistoryRange) => t(`${H}range.${range}`);

const rowColumns = (t: T, locale: string): Column<HistoryRow>[] => [
  { key: 'at', label: t(`${H}from`), phone: 'primary', render: (row) => <DateTime value={row.at} display="both" /> },
  { key: 'avg', label: t(`${H}avg`), render: (row) => row.avg ?? '-' },
  { key: 'max', label: t(`${H}most`), render: (row) => row.max ?? '-' },
  { key: 'online', label: t(`${H}online`), render: (row) => formatPercent(row.online, locale) },
];

type MapRow = ServerHistoryResponse['maps'][number];
const mapColumns = (t: T): Column<MapRow>[] => [
  { key: 'map', label: t(`${H}map`), phone: 'primary', render: (row) => row.map },
  { key: 'started', label: t(`${H}started`), render: (row) => <DateTime value={row.startedAt} display="both" /> },
  {
    key: 'ended',
    label: t(`${H}ended`),
    render: (row) => (row.endedAt ? <DateTime value={row.endedAt} display="both" /> : t(`${H}running`)),
  },
];

function peakOf(history: ServerHistoryResponse): number | null {
  const maxes = history.buckets.map((bucket) => bucket.max).filter((max): max is number => max !== null);
  return maxes.length > 0 ? Math.max(...maxes) : null;
}

function HistoryView({ history, serverName }: { history: ServerHistoryResponse; serverName: string }) {
  const t = useT();
  const locale = useLocale();
  if (history.buckets.length === 0) return <EmptyState>{t(`${H}empty`)}</EmptyState>;
  const peak = peakOf(history);
  const label = t(`${H}chart`, { server: serverName, range: rangeLabel(t, history.range) });
  return (
    <>
      <DescriptionList
        items={[
          { term: t(`${H}uptime`), value: history.uptime === null ? '-' : formatPercent(history.uptime, locale) },
          { term: t(`${H}most`), value: peak ?? '-' },
          { term: t(`${H}mapChanges`), value: history.maps.length },
        ]}
      />
      <Suspense fallback={<div className="population-chart is-loading" />}>
        <PopulationChart history={history} label={label} />
      </Suspense>
      <details className="history-table">
        <summary>{t(`${H}table`)}</summary>
        <DataTable
          caption={label}
          columns={rowColumns(t, locale)}
          rows={tableRows(history)}
          rowKey={(row) => String(row.at)}
        />
      </details>
      {history.maps.length > 0 && (
        <details className="history-table">
          <summary>{t(`${H}mapsTable`)}</summary>
          <DataTable
            caption={t(`${H}maps`, { server: serverName })}
            columns={mapColumns(t)}
            rows={history.maps}
            rowKey={(row) => `${row.startedAt}:${row.map}`}
          />
        </details>
      )}
    </>
  );
}

/**
 * A server's history (issue 28): population over 24 h / 7 d / 30 d / 1 y with its maps and uptime,
 * and the week's peak hours; every figure also as a table and as CSV / JSON from the API.
 */
export default function ServerHistory({ serverId, serverName }: { serverId: string; serverName: string }) {
  const t = useT();
  const [range, setRange] = useState<ServerHistoryRange>('24h');
  const id = encodeURIComponent(serverId);
  const historyPath = `/api/servers/${id}/history?range=${range}`;
  const peaksPath = `/api/servers/${id}/peak-hours?days=30&offset=${viewerOffsetMinutes()}`;
  const history = useLoad(historyPath, serverHistoryResponseSchema);
  const peaks = useLoad(peaksPath, serverPeakHoursResponseSchema);
  return (
    <section className="server-history" aria-label={t('servers-overview.history')}>
      <h3>{t(`${H}population`)}</h3>
      <Tabs
        label={t(`${H}range`)}
        tabs={SERVER_HISTORY_RANGES.map((value) => ({ id: value, label: rangeLabel(t, value) }))}
        active={range}
        onChange={(value) => setRange(value as ServerHistoryRange)}
      >
        <LoadState state={history.state} what={t(`${H}what`)} onRetry={history.reload}>
          {(data) => <HistoryView history={data} serverName={serverName} />}
        </LoadState>
        <p className="history-export">
          {t(`${H}download`)} <a href={`${historyPath}&format=csv`}>{t(`${H}csv`)}</a> ·{' '}
          <a href={historyPath}>{t(`${H}json`)}</a>
        </p>
      </Tabs>
      <h3>{t('servers-overview.peaks')}</h3>
      <LoadState state={peaks.state} what={t('servers-overview.peaks.what')} onRetry={peaks.reload}>
        {(data) => <PeakHoursMap cells={data.cells} days={data.days} />}
      </LoadState>
      <p className="history-export">
        {t(`${H}download`)} <a href={`${peaksPath}&format=csv`}>{t('servers-overview.peaks.csv')}</a> ·{' '}
        <a href={peaksPath}>{t('servers-overview.peaks.json')}</a>
      </p>
    </section>
  );
}
