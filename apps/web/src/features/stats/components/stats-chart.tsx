import type { StatsResponse } from '@flick/contract';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 220;
const series = [
  { label: 'Views', stroke: '#ff2e88', fill: 'rgba(255, 46, 136, 0.12)' },
  { label: 'Likes', stroke: '#ffb23e' },
  { label: 'Link clicks', stroke: '#3ab7ff' },
];
const axis = { stroke: '#9a98ab', grid: { stroke: 'rgba(255, 255, 255, 0.07)' }, ticks: { stroke: 'rgba(255, 255, 255, 0.07)' } };

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
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        series: [{}, ...series.map((s) => ({ ...s, width: 2, points: { show: days.length <= 31 } }))],
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

  return <div ref={box} role="img" aria-label="Views, likes and link clicks per day" className="stats-chart mt-4 w-full" />;
}
