import type { ServerHistoryResponse } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { formatDate, timeAxisLabels } from '@outpost/ui';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartSeries } from './history-data';

/** A token's colour as the browser resolves it now (tokens are light-dark() pairs; canvas needs the value). */
function tokenColour(host: HTMLElement, token: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${token})`;
  host.appendChild(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
}

/** `legend`: the two lines' names (the mean, the most), in the active locale. */
export function chartOptions(
  host: HTMLElement,
  history: ServerHistoryResponse,
  width: number,
  legend: readonly [string, string] = ['Players (mean)', 'Players (most)'],
): uPlot.Options {
  const accent = tokenColour(host, '--accent');
  const muted = tokenColour(host, '--muted');
  const grid = tokenColour(host, '--border');
  const fg = tokenColour(host, '--fg');
  const font = `12px ${getComputedStyle(host).fontFamily || 'sans-serif'}`;
  const axis = { stroke: muted, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  const maps = history.maps.filter((map) => map.startedAt > history.from);
  return {
    width,
    height: width < 480 ? 180 : 240,
    scales: {
      x: { time: true, range: [history.from, history.to] },
      y: { range: (_u, _min, max) => [0, Math.max(4, max)] },
    },
    // Tick labels and the legend's time through the kit's formatters, as every other date on the panel.
    axes: [
      // space: room for a 12-hour clock ('12:00 AM') between two ticks.
      { ...axis, space: 80, values: (_u, ticks, _axis, _space, step) => timeAxisLabels(ticks, step) },
      { ...axis, size: 40 },
    ],
    legend: { live: true },
    series: [
      { value: (_u, at) => (at === null ? '--' : formatDate(at)) },
      { label: legend[0], stroke: accent, width: 2, points: { show: false } },
      {
        label: legend[1],
        stroke: muted,
        width: 1,
        dash: [4, 3],
        points: { show: false },
      },
    ],
    hooks: {
      // Map changes: a dashed line where each map started, its name beside it when there is room.
      draw: [
        (u) => {
          const { ctx } = u;
          const { top, height } = u.bbox;
          ctx.save();
          ctx.strokeStyle = fg;
          ctx.fillStyle = fg;
          ctx.globalAlpha = 0.55;
          ctx.setLineDash([2, 4]);
          ctx.font = `${Math.round(11 * devicePixelRatio)}px ${getComputedStyle(host).fontFamily || 'sans-serif'}`;
          let lastLabel = Number.NEGATIVE_INFINITY;
          for (const map of maps) {
            const x = Math.round(u.valToPos(map.startedAt, 'x', true));
            ctx.beginPath();
            ctx.moveTo(x, top);
            ctx.lineTo(x, top + height);
            ctx.stroke();
            if (x - lastLabel > 90 * devicePixelRatio) {
              ctx.fillText(map.map, x + 3 * devicePixelRatio, top + 12 * devicePixelRatio);
              lastLabel = x;
            }
          }
          ctx.restore();
        },
      ],
    },
  };
}

/**
 * The population chart (uPlot, fetched with this module only): mean and most players per bucket,
 * map changes marked. Redrawn at the container's width and when the theme changes. The figures it
 * draws are in the table that follows it (the accessible alternative).
 */
export default function PopulationChart({ history, label }: { history: ServerHistoryResponse; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const t = useT();
  // Drawn again in another language.
  const mean = t('servers-overview.history.mean');
  const most = t('servers-overview.history.mostLine');
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    let chart: uPlot | null = null;
    const draw = () => {
      chart?.destroy();
      chart = null;
      const width = Math.max(240, Math.floor(host.clientWidth));
      try {
        chart = new uPlot(chartOptions(host, history, width, [mean, most]), chartSeries(history), host);
      } catch {
        // No canvas (an old or headless browser): the table below still has every figure.
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
  }, [history, mean, most]);
  return <div ref={ref} className="population-chart" role="img" aria-label={label} />;
}
