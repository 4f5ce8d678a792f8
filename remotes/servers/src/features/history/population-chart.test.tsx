import type { ServerHistoryResponse } from '@outpost/contracts';
import { formatClock, formatDate, formatDay } from '@outpost/ui';
import type uPlot from 'uplot';
import { describe, expect, it, vi } from 'vitest';
import { chartOptions } from './population-chart';
import '../../test-support/catalogs';

// uPlot reads the pixel ratio's media query when it loads; jsdom has none.
vi.hoisted(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});

const to = Date.UTC(2026, 10, 22, 12) / 1000;
const history = {
  from: to - 86_400,
  to,
  bucketSeconds: 600,
  buckets: [],
  maps: [],
} as unknown as ServerHistoryResponse;

describe('population chart', () => {
  it('labels its time axis and legend with the kit formatters, as every other date on the panel', () => {
    const options = chartOptions(document.body, history, 800);
    const axis = options.axes?.[0] as uPlot.Axis;
    const values = axis.values as (u: uPlot, ticks: number[], axis: number, space: number, step: number) => string[];
    const ticks = [to - 7200, to - 3600, to];
    expect(values({} as uPlot, ticks, 0, 50, 3600)).toEqual([
      `${formatClock(ticks[0])}\n${formatDay(ticks[0])}`,
      formatClock(ticks[1]),
      formatClock(ticks[2]),
    ]);
    expect(values({} as uPlot, [to - 86_400, to], 0, 50, 86_400)).toEqual([formatDay(to - 86_400), formatDay(to)]);
    const legend = options.series[0]?.value as (u: uPlot, at: number | null) => string;
    expect(legend({} as uPlot, to)).toBe(formatDate(to));
  });
});
