import type { ServerHistoryBucket, ServerHistoryResponse, ServerPeakHour } from '@outpost/contracts';
import { formatWeekday } from '@outpost/ui';

/** One row of the chart's data table: up to `limit` rows, buckets merged in order (mean of means, most of maxes). */
export interface HistoryRow {
  at: number;
  until: number;
  avg: number | null;
  max: number | null;
  online: number;
}

/**
 * A percentage (0-100) as the viewer's language writes it (issue 27): Intl's in a translation
 * ('97.5%' in Chinese, '%97,5' in Turkish, '97,5 %' in German), English as before ('97.5 %').
 */
export function formatPercent(value: number, locale: string): string {
  if (locale === 'en') return `${value} %`;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}

export function tableRows(history: ServerHistoryResponse, limit = 48): HistoryRow[] {
  const { buckets, bucketSeconds } = history;
  const per = Math.max(1, Math.ceil(buckets.length / limit));
  const rows: HistoryRow[] = [];
  for (let start = 0; start < buckets.length; start += per) {
    const group = buckets.slice(start, start + per);
    const counted = group.filter((b): b is ServerHistoryBucket & { avg: number } => b.avg !== null);
    const maxes = group.map((b) => b.max).filter((m): m is number => m !== null);
    const last = group[group.length - 1] as ServerHistoryBucket;
    rows.push({
      at: (group[0] as ServerHistoryBucket).at,
      until: last.at + bucketSeconds,
      avg: counted.length > 0 ? Math.round((counted.reduce((s, b) => s + b.avg, 0) / counted.length) * 10) / 10 : null,
      max: maxes.length > 0 ? Math.max(...maxes) : null,
      online: Math.round((group.reduce((s, b) => s + b.online, 0) / group.length) * 100),
    });
  }
  return rows;
}

/** The columns uPlot draws: x (seconds), mean players, most players; null where a bucket is missing (a gap). */
export function chartSeries(history: ServerHistoryResponse): [number[], (number | null)[], (number | null)[]] {
  const xs: number[] = [];
  const avg: (number | null)[] = [];
  const max: (number | null)[] = [];
  let previous: number | null = null;
  for (const bucket of history.buckets) {
    // A missing bucket (the poller did not run) breaks the line instead of bridging it.
    if (previous !== null && bucket.at - previous > history.bucketSeconds) {
      xs.push(previous + history.bucketSeconds);
      avg.push(null);
      max.push(null);
    }
    xs.push(bucket.at);
    avg.push(bucket.avg);
    max.push(bucket.max);
    previous = bucket.at;
  }
  return [xs, avg, max];
}

/** The busiest hours of the week, most players first (cells without counts left out). */
export function busiestHours(cells: readonly ServerPeakHour[], count = 3): ServerPeakHour[] {
  return cells
    .filter((cell) => cell.avg !== null && cell.avg > 0)
    .sort((a, b) => (b.avg as number) - (a.avg as number) || a.weekday - b.weekday || a.hour - b.hour)
    .slice(0, count);
}

/** The days of the week, Monday first (the API's weekday 0), named in `locale` ('long' or 'short'). */
export function weekdays(locale: string, style: 'long' | 'short' = 'long'): string[] {
  return Array.from({ length: 7 }, (_, day) => formatWeekday(day, locale, style));
}

/** Minutes east of UTC of the viewer, rounded to the API's 15-minute steps. */
export function viewerOffsetMinutes(now = new Date()): number {
  return Math.round(-now.getTimezoneOffset() / 15) * 15;
}
