import type { StatsResponse } from '@flick/contract';
import { useEffect, useRef } from 'react';
import { msg } from '@flick/i18n';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';

const HEIGHT = 220;
const series = [
  { label: msg('Views'), stroke: '#ff2e88', fill: 'rgba(255, 46, 136, 0.12)' },
  { label: msg('Likes'), stroke: '#ffb23e' },
  { label: msg('Link clicks'), stroke: '#3ab7ff' },
];
const axis = { stroke: '#9a98ab', grid: { stroke: 'rgba(255, 255, 255, 0.07)' }, ticks: { stroke: 'rgba(255, 255, 255, 0.07)' } };

/** uPlot's month and weekday names, in the reader's language (its own are English). */
function dateNames(): uPlot.DateNames {
  const names = (count: number, at: (index: number) => Date, options: Intl.DateTimeFormatOptions) =>
    Array.from({ length: count }, (_, index) => formatDate(at(index), { ...options, timeZone: 'UTC' }));
  const month = (index: number) => new Date(Date.UTC(2024, index, 1));
  // 7 January 2024 was a Sunday (uPlot's 0).
  const weekday = (index: number) => new Date(Date.UTC(2024, 0, 7 + index));
  return {
    MMMM: names(12, month, { month: 'long' }),
    MMM: names(12, month, { month: 'short' }),
    WWWW: names(7, weekday, { weekday: 'long' }),
    WWW: names(7, weekday, { weekday: 'short' }),
  };
}

/**
 * The range day by day (beyond accounts.md §2 Stats): views, likes and link clicks, drawn by uPlot, a
 * small canvas chart library this screen alone downloads. It follows its box's width.
 */
export default function StatsChart({ days }: { days: StatsResponse['range']['days'] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000),
      days.map((d) => d.views),
      days.map((d) => d.likes),
      days.map((d) => d.link_clicks),
    ];
    const names = dateNames();
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        series: [
          { label: t('Day'), value: (_self, ts) => (ts == null ? '--' : formatDate(ts * 1000, { dateStyle: 'medium', timeZone: 'UTC' })) },
          ...series.map((s) => ({
            ...s,
            label: t(s.label),
            value: (_self: uPlot, count: number | null) => (count == null ? '--' : formatNumber(count)),
            width: 2,
            points: { show: days.length <= 31 },
          })),
        ],
        fmtDate: (template) => uPlot.fmtDate(template, names),
        scales: { x: { time: true } },
        axes: [axis, { ...axis, size: 44 }],
        legend: { show: true, live: true },
        cursor: { drag: { x: false, y: false } },
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days]);

  return <div ref={box} role="img" aria-label={t('Views, likes and link clicks per day')} className="stats-chart mt-4 w-full" />;
}
