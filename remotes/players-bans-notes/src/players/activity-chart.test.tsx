import { formatUtcDay } from '@outpost/ui';
import type uPlot from 'uplot';
import { describe, expect, it, vi } from 'vitest';
import '../test-support/catalogs';
import { chartOptions } from './activity-chart';

// uPlot reads the pixel ratio's media query when it loads; jsdom has none.
vi.hoisted(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});

describe('activity chart', () => {
  it("labels its days as the table's 'Day (UTC)' column writes them, through the kit", () => {
    const options = chartOptions(document.body, 800);
    const axis = options.axes?.[0] as uPlot.Axis;
    const values = axis.values as (u: uPlot, ticks: number[], axis: number, space: number, step: number) => string[];
    const days = [Date.UTC(2026, 10, 21), Date.UTC(2026, 10, 22)].map((ms) => ms / 1000);
    expect(values({} as uPlot, days, 0, 50, 86_400)).toEqual(['2026-11-21', '2026-11-22']);
    // Ticks never fall between two days' bars.
    expect(axis.incrs).toEqual(expect.arrayContaining([86_400]));
    expect((axis.incrs as number[]).every((step) => step % 86_400 === 0)).toBe(true);
    const legend = options.series[0]?.value as (u: uPlot, at: number | null) => string;
    expect(legend({} as uPlot, days[1] as number)).toBe(formatUtcDay(days[1]));
  });
});
