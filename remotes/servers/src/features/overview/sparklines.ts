import type { ServerSparklinesResponse } from '@outpost/contracts';
import { getJson, type HostApi } from '@outpost/host';

/** One server's sparkline, drawn in a 48 x 12 box: the polyline's points and, for its words, the busiest and last hours' counts. */
export interface Spark {
  points: string;
  most: number;
  last: number;
}

// At least three hours with a count: fewer draw a dot or a dash, not a trend.
const MIN_POINTS = 3;

const sparklinesSchema = {
  safeParse(value: unknown): { success: true; data: ServerSparklinesResponse } | { success: false } {
    const servers = (value as ServerSparklinesResponse | null)?.servers;
    return servers && typeof servers === 'object'
      ? { success: true, data: value as ServerSparklinesResponse }
      : { success: false };
  },
};

/** A polyline through the hours with a count (the gaps skipped), scaled to the busiest hour. */
export function sparkOf(values: readonly (number | null)[]): Spark | null {
  const counted = values.flatMap((value, hour) => (typeof value === 'number' ? [{ hour, value }] : []));
  if (counted.length < MIN_POINTS) return null;
  const most = Math.max(1, ...counted.map((point) => point.value));
  const step = 48 / Math.max(1, values.length - 1);
  const points = counted
    .map((point) => `${(point.hour * step).toFixed(1)},${(11 - (point.value / most) * 10).toFixed(1)}`)
    .join(' ');
  const last = counted[counted.length - 1] as { value: number };
  return { points, most: Math.round(most * 10) / 10, last: Math.round(last.value * 10) / 10 };
}

/**
 * The overview's sparklines (issue 28): fetched after the table is drawn, in this chunk (not the
 * page's first load). Quiet: a failure leaves the table as it was.
 */
export async function loadSparklines(host: HostApi): Promise<Record<string, Spark>> {
  const loaded = await getJson(host, '/api/servers/sparklines', sparklinesSchema);
  if (loaded.status !== 'ready') return {};
  const sparks: Record<string, Spark> = {};
  for (const [id, values] of Object.entries(loaded.data.servers)) {
    const spark = Array.isArray(values) ? sparkOf(values) : null;
    if (spark) sparks[id] = spark;
  }
  return sparks;
}
