import { ACTIVITY_RANGES, type ActivityDay, playerActivityResponseSchema } from '@outpost/contracts';
import { useLoad } from '@outpost/host';
import { type Column, DataTable, EmptyState, LoadState, Tabs } from '@outpost/ui';
import { lazy, Suspense, useState } from 'react';
import { ACTIVITY_EVENTS, activityTotals } from './activity-data';
import { formatPlayTime } from './play-time';

// uPlot comes with the chart, fetched when the chart is first drawn (staff opening a player).
// Without it (a chunk that failed to load) the table stands alone.
const ActivityChart = lazy(() =>
  import('./activity-chart').catch(() => ({
    default: (_props: { buckets: ActivityDay[]; label: string }) => <span hidden />,
  })),
);

type Range = (typeof ACTIVITY_RANGES)[number];
const RANGE_LABELS: Record<Range, string> = { '30': '30 d', '90': '90 d', '365': '1 y' };
const RANGE_WORDS: Record<Range, string> = { '30': '30 days', '90': '90 days', '365': 'year' };

const COLUMNS: Column<ActivityDay>[] = [
  { key: 'day', label: 'Day (UTC)', phone: 'primary', render: (row) => row.day },
  { key: 'played', label: 'Time played', render: (row) => formatPlayTime(row.playSeconds) },
  ...ACTIVITY_EVENTS.map(({ key, label }): Column<ActivityDay> => ({ key, label, render: (row) => row[key] })),
];

function ActivityView({ buckets, range }: { buckets: ActivityDay[]; range: Range }) {
  const totals = activityTotals(buckets);
  const active = buckets.filter((b) => b.playSeconds > 0 || ACTIVITY_EVENTS.some(({ key }) => b[key] > 0));
  if (active.length === 0) return <EmptyState>No activity in the last {RANGE_WORDS[range]}.</EmptyState>;
  const label = `Hours played per day over the last ${RANGE_WORDS[range]}, with ${ACTIVITY_EVENTS.map((e) => e.label.toLowerCase()).join(', ')} marked`;
  return (
    <>
      <p className="activity-totals">
        {formatPlayTime(totals.playSeconds)} played ·{' '}
        {ACTIVITY_EVENTS.map(
          ({ key, label, one }) => `${totals[key]} ${totals[key] === 1 ? one : label.toLowerCase()}`,
        ).join(' · ')}
      </p>
      <Suspense fallback={<div className="activity-chart is-loading" />}>
        <ActivityChart buckets={buckets} label={label} />
      </Suspense>
      <details className="activity-table">
        <summary>Show as table</summary>
        {/* Days with something in them, newest first: a year of zero rows says nothing. */}
        <DataTable caption={label} columns={COLUMNS} rows={[...active].reverse()} rowKey={(row) => row.day} />
      </details>
    </>
  );
}

/**
 * A player's activity timeline for staff (issue 28 item 3): hours played per day with chat,
 * bans, warnings, reports and notes, over 30 days, 90 days or a year (GET /api/players/{id}/activity,
 * players.view only).
 */
export function PlayerActivity({ steamid }: { steamid: string }) {
  const [range, setRange] = useState<Range>('30');
  const path = `/api/players/${encodeURIComponent(steamid)}/activity?days=${range}`;
  const { state, reload } = useLoad(path, playerActivityResponseSchema);
  return (
    <Tabs
      label="Activity range"
      tabs={ACTIVITY_RANGES.map((value) => ({ id: value, label: RANGE_LABELS[value] }))}
      active={range}
      onChange={(value) => setRange(value as Range)}
    >
      <LoadState state={state} what="the player's activity" onRetry={reload}>
        {(data) => <ActivityView buckets={data.buckets} range={range} />}
      </LoadState>
      <p className="activity-export">
        Download: <a href={`${path}&format=csv`}>Activity as CSV</a>
      </p>
    </Tabs>
  );
}
