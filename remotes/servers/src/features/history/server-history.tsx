import {
  SERVER_HISTORY_RANGES,
  type ServerHistoryRange,
  type ServerHistoryResponse,
  serverHistoryResponseSchema,
  serverPeakHoursResponseSchema,
} from '@outpost/contracts';
import { useLoad } from '@outpost/host';
import { type Column, DataTable, DateTime, DescriptionList, EmptyState, LoadState, Tabs } from '@outpost/ui';
import { lazy, Suspense, useState } from 'react';
import { type HistoryRow, tableRows, viewerOffsetMinutes } from './history-data';
import { PeakHoursMap } from './peak-hours-map';
import './history.css';

// uPlot comes with the chart, fetched when a chart is first drawn.
// Without it (a chunk that failed to load, a browser uPlot cannot start in) the tables stand alone.
const PopulationChart = lazy(() =>
  import('./population-chart').catch(() => ({
    default: (_props: { history: ServerHistoryResponse; label: string }) => <span hidden />,
  })),
);

const RANGE_LABELS: Record<ServerHistoryRange, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '1y': '1 year',
};

const ROW_COLUMNS: Column<HistoryRow>[] = [
  { key: 'at', label: 'From', phone: 'primary', render: (row) => <DateTime value={row.at} display="both" /> },
  { key: 'avg', label: 'Players on average', render: (row) => row.avg ?? '-' },
  { key: 'max', label: 'Most players', render: (row) => row.max ?? '-' },
  { key: 'online', label: 'Online', render: (row) => `${row.online} %` },
];

type MapRow = ServerHistoryResponse['maps'][number];
const MAP_COLUMNS: Column<MapRow>[] = [
  { key: 'map', label: 'Map', phone: 'primary', render: (row) => row.map },
  { key: 'started', label: 'Started', render: (row) => <DateTime value={row.startedAt} display="both" /> },
  {
    key: 'ended',
    label: 'Ended',
    render: (row) => (row.endedAt ? <DateTime value={row.endedAt} display="both" /> : 'running'),
  },
];

function peakOf(history: ServerHistoryResponse): number | null {
  const maxes = history.buckets.map((bucket) => bucket.max).filter((max): max is number => max !== null);
  return maxes.length > 0 ? Math.max(...maxes) : null;
}

function HistoryView({ history, serverName }: { history: ServerHistoryResponse; serverName: string }) {
  if (history.buckets.length === 0)
    return <EmptyState>No history yet: it is recorded from each poll of the server.</EmptyState>;
  const peak = peakOf(history);
  const label = `Players on ${serverName} over the last ${RANGE_LABELS[history.range]}, with map changes marked`;
  return (
    <>
      <DescriptionList
        items={[
          { term: 'Uptime', value: history.uptime === null ? '-' : `${history.uptime} %` },
          { term: 'Most players', value: peak ?? '-' },
          { term: 'Map changes', value: history.maps.length },
        ]}
      />
      <Suspense fallback={<div className="population-chart is-loading" />}>
        <PopulationChart history={history} label={label} />
      </Suspense>
      <details className="history-table">
        <summary>Players as a table</summary>
        <DataTable caption={label} columns={ROW_COLUMNS} rows={tableRows(history)} rowKey={(row) => String(row.at)} />
      </details>
      {history.maps.length > 0 && (
        <details className="history-table">
          <summary>Maps as a table</summary>
          <DataTable
            caption={`Maps on ${serverName}`}
            columns={MAP_COLUMNS}
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
  const [range, setRange] = useState<ServerHistoryRange>('24h');
  const id = encodeURIComponent(serverId);
  const historyPath = `/api/servers/${id}/history?range=${range}`;
  const peaksPath = `/api/servers/${id}/peak-hours?days=30&offset=${viewerOffsetMinutes()}`;
  const history = useLoad(historyPath, serverHistoryResponseSchema);
  const peaks = useLoad(peaksPath, serverPeakHoursResponseSchema);
  return (
    <section className="server-history" aria-label="History">
      <h3>Population</h3>
      <Tabs
        label="Time range"
        tabs={SERVER_HISTORY_RANGES.map((value) => ({ id: value, label: RANGE_LABELS[value] }))}
        active={range}
        onChange={(value) => setRange(value as ServerHistoryRange)}
      >
        <LoadState state={history.state} what="the server's history" onRetry={history.reload}>
          {(data) => <HistoryView history={data} serverName={serverName} />}
        </LoadState>
        <p className="history-export">
          Download: <a href={`${historyPath}&format=csv`}>Players as CSV</a> · <a href={historyPath}>Players as JSON</a>
        </p>
      </Tabs>
      <h3>Peak hours</h3>
      <LoadState state={peaks.state} what="the server's peak hours" onRetry={peaks.reload}>
        {(data) => <PeakHoursMap cells={data.cells} days={data.days} />}
      </LoadState>
      <p className="history-export">
        Download: <a href={`${peaksPath}&format=csv`}>Peak hours as CSV</a> · <a href={peaksPath}>Peak hours as JSON</a>
      </p>
    </section>
  );
}
