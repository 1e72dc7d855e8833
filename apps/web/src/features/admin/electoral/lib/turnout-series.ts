import type { TurnoutResponse } from '@aesa/shared/schemas/turnout';
import { TURNOUT_PERIOD_MS } from '@aesa/shared/turnout';

export interface TurnoutSeries {
  /** Every period in which any position got a vote, ascending, in milliseconds. */
  times: number[];
  /** Per position, its cumulative votes at each of `times` (the last count carried forward, 0 before its first vote). */
  lines: { position: string; votes: number[] }[];
}

/** The server's per-position points on one shared time axis, for the chart and its table alike. */
export function turnoutSeries(positions: TurnoutResponse['positions']): TurnoutSeries {
  const times = [...new Set(positions.flatMap((p) => p.points.map((pt) => Date.parse(pt.period))))].sort((a, b) => a - b);
  const lines = positions.map((p) => {
    const at = new Map(p.points.map((pt) => [Date.parse(pt.period), pt.votes]));
    let last = 0;
    return { position: p.position, votes: times.map((t) => (last = at.get(t) ?? last)) };
  });
  return { times, lines };
}

/**
 * The chart's points, in ms: from the opening (every line at 0) to `to` (the moment the counts
 * are as of, never later than the close), the last counts carried there. Periods start on a
 * 10-minute mark: the one voting opened in is drawn from the opening, never before it, and the
 * period still running is drawn up to `to`, never into the future.
 */
export function chartPoints(series: TurnoutSeries, from: number, to: number): { times: number[]; lines: number[][] } {
  const end = Math.max(from, to);
  const times = series.times.map((t) => Math.min(end, Math.max(from, t)));
  return {
    times: [from, ...times, end],
    lines: series.lines.map((line) => [0, ...line.votes, line.votes.at(-1) ?? 0]),
  };
}

/** The end of a period as the table says it ("up to 10:20"), or `to` while that period is still running. */
export const periodEnd = (period: number, to: number) => Math.min(period + TURNOUT_PERIOD_MS, to);
