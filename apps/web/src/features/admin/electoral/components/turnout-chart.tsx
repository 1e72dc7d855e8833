import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartPoints, type TurnoutSeries } from '../lib/turnout-series.ts';
import { colourOf } from './turnout-colours.ts';

/**
 * Cumulative votes per position over time (uPlot, a small canvas chart library, in this lazily
 * loaded chunk only). The canvas is a picture for sighted readers: its figures are the table
 * beside it, so it is hidden from assistive technology and the table is what they read.
 */
export default function TurnoutChart({
  series,
  from,
  to,
  timeZone,
  timeText,
}: {
  series: TurnoutSeries;
  from: number;
  to: number;
  timeZone: string;
  /** A moment as the site shows times (the association's locale and zone: 24-hour clock). */
  timeText: (d: Date) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target || series.times.length === 0) return;
    const width = () => Math.max(240, target.clientWidth);
    const chart = new uPlot(
      {
        width: width(),
        height: 240,
        legend: { show: false },
        cursor: { show: false },
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [{ stroke: '#334155', values: (_u, ticks) => ticks.map((t) => timeText(new Date(t * 1000))) }, { stroke: '#334155', values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) }],
        series: [
          {},
          ...series.lines.map((line, i) => ({
            label: line.position,
            stroke: colourOf(i),
            width: 2,
            paths: uPlot.paths.stepped!({ align: 1 }),
          })),
        ],
      },
      chartData(series, from, to),
      target,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: 240 }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series, from, to, timeZone, timeText]);
  // The x axis's first and last instants, for tests to read: the opening, and never after now.
  const points = chartPoints(series, from, to).times;
  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" data-testid="turnout-chart" data-from={iso(points[0])} data-to={iso(points.at(-1))} />;
}

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

/** uPlot's data: seconds on the x axis, one row per position. */
function chartData(series: TurnoutSeries, from: number, to: number): uPlot.AlignedData {
  const { times, lines } = chartPoints(series, from, to);
  return [times.map((t) => t / 1000), ...lines];
}
