import type { ActivityDay } from '@outpost/contracts';

/**
 * The event kinds the chart marks, in legend order, with the colour token each is drawn in. Their
 * words are in the remote's catalog (players.activity.event.<key>, players.activity.count.<key>).
 */
export const ACTIVITY_EVENTS = [
  { key: 'chatLines', token: '--info' },
  { key: 'bans', token: '--danger' },
  { key: 'warnings', token: '--warning' },
  { key: 'reports', token: '--fg' },
  { key: 'notes', token: '--success' },
] as const;

export type ActivityEvent = (typeof ACTIVITY_EVENTS)[number]['key'];

/** A yyyy-mm-dd (UTC) day as the Unix second it starts. */
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** Hours with one decimal: the chart's and the table's unit for play time. */
export const hoursOf = (seconds: number) => Math.round(seconds / 360) / 10;

/**
 * uPlot's columns: day starts, play hours, then each event's counts (null where zero, so a day
 * without any draws no bar or mark rather than a dash on the axis).
 */
export function activitySeries(buckets: ActivityDay[]): [number[], ...Array<Array<number | null>>] {
  return [
    buckets.map((b) => dayStart(b.day)),
    buckets.map((b) => (b.playSeconds > 0 ? hoursOf(b.playSeconds) : null)),
    ...ACTIVITY_EVENTS.map(({ key }) => buckets.map((b) => (b[key] > 0 ? b[key] : null))),
  ];
}

/** The range's totals, for the summary line above the chart. */
export function activityTotals(buckets: ActivityDay[]) {
  const sum = (key: ActivityEvent | 'playSeconds') => buckets.reduce((total, b) => total + b[key], 0);
  return {
    playSeconds: sum('playSeconds'),
    ...Object.fromEntries(ACTIVITY_EVENTS.map(({ key }) => [key, sum(key)])),
  } as Record<ActivityEvent | 'playSeconds', number>;
}
