import { ACTIVITY_RANGES, type ActivityDay, playerActivityResponseSchema } from '@outpost/contracts';
import { SLOT, useLoad, useT, withNode } from '@outpost/host';
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
const columns = (t: ReturnType<typeof useT>): Column<ActivityDay>[] => [
  { key: 'day', label: t('players-bans-notes.players.activity.day'), phone: 'primary', render: (row) => row.day },
  {
    key: 'played',
    label: t('players-bans-notes.players.timePlayed'),
    render: (row) => formatPlayTime(row.playSeconds),
  },
  ...ACTIVITY_EVENTS.map(
    ({ key }): Column<ActivityDay> => ({
      key,
      label: t(`players-bans-notes.players.activity.event.${key}`),
      render: (row) => row[key],
    }),
  ),
];

function ActivityView({ buckets, range }: { buckets: ActivityDay[]; range: Range }) {
  const t = useT();
  const totals = activityTotals(buckets);
  const active = buckets.filter((b) => b.playSeconds > 0 || ACTIVITY_EVENTS.some(({ key }) => b[key] > 0));
  if (active.length === 0) return <EmptyState>{t(`players-bans-notes.players.activity.empty.${range}`)}</EmptyState>;
  const label = t(`players-bans-notes.players.activity.label.${range}`);
  return (
    <>
      <p className="activity-totals">
        {t('players-bans-notes.players.activity.played', { time: formatPlayTime(totals.playSeconds) })} ·{' '}
        {ACTIVITY_EVENTS.map(({ key }) =>
          t(`players-bans-notes.players.activity.count.${key}`, { count: totals[key] }),
        ).join(' · ')}
      </p>
      <Suspense fallback={<div className="activity-chart is-loading" />}>
        <ActivityChart buckets={buckets} label={label} />
      </Suspense>
      <details className="activity-table">
        <summary>{t('players-bans-notes.players.activity.table')}</summary>
        {/* Days with something in them, newest first: a year of zero rows says nothing. */}
        <DataTable caption={label} columns={columns(t)} rows={[...active].reverse()} rowKey={(row) => row.day} />
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
  const t = useT();
  const [range, setRange] = useState<Range>('30');
  const path = `/api/players/${encodeURIComponent(steamid)}/activity?days=${range}`;
  const { state, reload } = useLoad(path, playerActivityResponseSchema);
  return (
    <Tabs
      label={t('players-bans-notes.players.activity.range')}
      tabs={ACTIVITY_RANGES.map((value) => ({
        id: value,
        label: t(`players-bans-notes.players.activity.range.${value}`),
      }))}
      active={range}
      onChange={(value) => setRange(value as Range)}
    >
      <LoadState state={state} what={t('players-bans-notes.what.activity')} onRetry={reload}>
        {(data) => <ActivityView buckets={data.buckets} range={range} />}
      </LoadState>
      <p className="activity-export">
        {withNode(
          t('players-bans-notes.players.activity.download', { link: SLOT }),
          <a href={`${path}&format=csv`}>{t('players-bans-notes.players.activity.csv')}</a>,
        )}
      </p>
    </Tabs>
  );
}
