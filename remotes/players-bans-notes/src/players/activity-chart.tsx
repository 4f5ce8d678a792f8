import type { ActivityDay } from '@outpost/contracts';
import { i18n } from '@outpost/host';
import { formatUtcDay, timeAxisLabels } from '@outpost/ui';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { ACTIVITY_EVENTS, activitySeries } from './activity-data';

/** Whole days between ticks: a bucket is a day, an hour tick would fall between bars. */
const DAY_STEPS = [1, 2, 3, 7, 14, 28, 56, 91].map((days) => days * 86_400);

/** A token's colour as the browser resolves it now (tokens are light-dark() pairs; canvas needs the value). */
function tokenColour(host: HTMLElement, token: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${token})`;
  host.appendChild(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
}

export function chartOptions(host: HTMLElement, width: number): uPlot.Options {
  // Drawn on a canvas: the words are read from the active locale's catalog when the chart is drawn.
  const t = i18n._.bind(i18n);
  const colour = (token: string) => tokenColour(host, token);
  const accent = colour('--accent');
  const muted = colour('--muted');
  const grid = colour('--border');
  const font = `12px ${getComputedStyle(host).fontFamily || 'sans-serif'}`;
  const axis = { stroke: muted, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  const bars = uPlot.paths.bars?.({ size: [0.8, 24] });
  return {
    width,
    height: width < 480 ? 200 : 260,
    // The days are UTC days: ticks on UTC midnights, labelled as the table's 'Day (UTC)' column.
    tzDate: (at) => uPlot.tzDate(new Date(at * 1000), 'Etc/UTC'),
    scales: {
      x: { time: true },
      hours: { range: (_u, _min, max) => [0, Math.max(1, max)] },
      count: { range: (_u, _min, max) => [0, Math.max(4, max)] },
    },
    axes: [
      // space: room for a whole date ('2026-11-22') between two ticks.
      {
        ...axis,
        space: 100,
        incrs: DAY_STEPS,
        values: (_u, ticks, _axis, _space, step) => timeAxisLabels(ticks, step, true),
      },
      {
        ...axis,
        scale: 'hours',
        size: 40,
        label: t('players-bans-notes.players.activity.hours'),
        labelFont: font,
        labelSize: 16,
      },
      // Counts on the right, no second grid: one set of lines is enough to read by.
      {
        ...axis,
        scale: 'count',
        side: 1,
        size: 36,
        grid: { show: false },
        label: t('players-bans-notes.players.activity.events'),
        labelFont: font,
        labelSize: 16,
      },
    ],
    legend: { live: true },
    series: [
      { value: (_u, at) => (at === null ? '--' : formatUtcDay(at)) },
      {
        label: t('players-bans-notes.players.activity.hoursPlayed'),
        scale: 'hours',
        stroke: accent,
        fill: `color-mix(in srgb, ${accent} 45%, transparent)`,
        width: 1,
        paths: bars,
        points: { show: false },
      },
      // Events as marks: dots on their day, thin lines between so a busy week reads as a shape.
      ...ACTIVITY_EVENTS.map(
        ({ token, key }): uPlot.Series => ({
          label: t(`players-bans-notes.players.activity.event.${key}`),
          scale: 'count',
          stroke: colour(token),
          width: key === 'chatLines' ? 2 : 1,
          spanGaps: false,
          points: { show: true, size: 7, fill: colour(token) },
        }),
      ),
    ],
  };
}

/**
 * The activity chart (uPlot, fetched with this module only): hours played per day as bars, chat
 * lines, bans, warnings, reports and notes as marks on a second scale. Redrawn at the container's
 * width and when the theme changes. Every figure is also in the table beside it.
 */
export default function ActivityChart({ buckets, label }: { buckets: ActivityDay[]; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    let chart: uPlot | null = null;
    const draw = () => {
      chart?.destroy();
      chart = null;
      const width = Math.max(240, Math.floor(host.clientWidth));
      try {
        chart = new uPlot(chartOptions(host, width), activitySeries(buckets) as uPlot.AlignedData, host);
      } catch {
        // No canvas (an old or headless browser): the table still has every figure.
      }
    };
    draw();
    let lastWidth = host.clientWidth;
    const resized = new ResizeObserver(() => {
      if (Math.abs(host.clientWidth - lastWidth) < 8) return;
      lastWidth = host.clientWidth;
      draw();
    });
    resized.observe(host);
    const themed = new MutationObserver(draw);
    themed.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const scheme = window.matchMedia?.('(prefers-color-scheme: dark)');
    scheme?.addEventListener?.('change', draw);
    return () => {
      resized.disconnect();
      themed.disconnect();
      scheme?.removeEventListener?.('change', draw);
      chart?.destroy();
    };
  }, [buckets]);
  return <div ref={ref} className="activity-chart" role="img" aria-label={label} />;
}
