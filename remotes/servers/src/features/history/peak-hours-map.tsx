import type { ServerPeakHour } from '@outpost/contracts';
import { useLocale, useT } from '@outpost/host';
import { type Column, DataTable, formatHour } from '@outpost/ui';
import { busiestHours, formatPercent, weekdays } from './history-data';

const CELL = 14;
const GAP = 2;
const LEFT = 38;
const TOP = 16;

interface DayRow {
  weekday: number;
  cells: ServerPeakHour[];
}

const P = 'servers-overview.peaks.';

const dayColumns = (t: ReturnType<typeof useT>, days: readonly string[], locale: string): Column<DayRow>[] => [
  { key: 'day', label: t(`${P}day`), phone: 'primary', render: (row) => days[row.weekday] },
  {
    key: 'busiest',
    label: t(`${P}busiest`),
    render: (row) => {
      const [top] = busiestHours(row.cells, 1);
      return top ? t(`${P}busiestAt`, { hour: formatHour(top.hour), avg: top.avg }) : '-';
    },
  },
  {
    key: 'mean',
    label: t('servers-overview.history.avg'),
    render: (row) => {
      const counted = row.cells.filter((cell) => cell.avg !== null);
      if (counted.length === 0) return '-';
      return (
        Math.round((counted.reduce((sum, cell) => sum + (cell.avg ?? 0), 0) / counted.length) * 10) / 10
      ).toString();
    },
  },
  {
    key: 'online',
    label: t('servers-overview.history.online'),
    render: (row) => {
      const polled = row.cells.filter((cell) => cell.online !== null);
      if (polled.length === 0) return '-';
      return formatPercent(
        Math.round((polled.reduce((sum, cell) => sum + (cell.online ?? 0), 0) / polled.length) * 100),
        locale,
      );
    },
  },
];

/**
 * The week-by-hour heat map (hours in the viewer's time zone): a darker cell, more players on
 * average. The picture is described in words (its busiest hours) and followed by a table per day.
 */
export function PeakHoursMap({ cells, days }: { cells: readonly ServerPeakHour[]; days: number }) {
  const t = useT();
  const locale = useLocale();
  const names = weekdays(locale);
  const short = weekdays(locale, 'short');
  const top = busiestHours(cells);
  const most = Math.max(0, ...cells.map((cell) => cell.avg ?? 0));
  const summary =
    top.length > 0
      ? t(`${P}summary`, {
          days,
          hours: top
            .map((cell) =>
              t(`${P}summaryHour`, { day: names[cell.weekday], hour: formatHour(cell.hour), avg: cell.avg }),
            )
            .join(', '),
        })
      : t(`${P}none`, { days });
  const width = LEFT + 24 * (CELL + GAP);
  const height = TOP + 7 * (CELL + GAP);
  const rows: DayRow[] = names.map((_, weekday) => ({
    weekday,
    cells: cells.filter((cell) => cell.weekday === weekday),
  }));
  return (
    <div className="peak-hours">
      <p className="muted">{summary}.</p>
      <svg className="peak-hours-map" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary}>
        {[0, 6, 12, 18].map((hour) => (
          <text key={hour} x={LEFT + hour * (CELL + GAP)} y={TOP - 5} className="peak-hours-label">
            {formatHour(hour)}
          </text>
        ))}
        {short.map((day, weekday) => (
          <text key={day} x={0} y={TOP + weekday * (CELL + GAP) + CELL - 3} className="peak-hours-label">
            {day}
          </text>
        ))}
        {cells.map((cell) => (
          <rect
            key={`${cell.weekday}:${cell.hour}`}
            x={LEFT + cell.hour * (CELL + GAP)}
            y={TOP + cell.weekday * (CELL + GAP)}
            width={CELL}
            height={CELL}
            rx={2}
            className={cell.avg === null ? 'peak-hours-cell is-empty' : 'peak-hours-cell'}
            style={cell.avg === null || most === 0 ? undefined : { fillOpacity: 0.12 + 0.88 * (cell.avg / most) }}
          >
            <title>
              {cell.avg === null
                ? t(`${P}cellEmpty`, { day: names[cell.weekday], hour: formatHour(cell.hour) })
                : t(`${P}cell`, {
                    day: names[cell.weekday],
                    hour: formatHour(cell.hour),
                    avg: cell.avg,
                    max: cell.max ?? 0,
                  })}
            </title>
          </rect>
        ))}
      </svg>
      <details className="history-table">
        <summary>{t(`${P}table`)}</summary>
        <DataTable
          caption={t(`${P}perDay`)}
          columns={dayColumns(t, names, locale)}
          rows={rows}
          rowKey={(row) => String(row.weekday)}
        />
      </details>
    </div>
  );
}
