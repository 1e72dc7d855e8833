import type { TurnoutResponse } from '@aesa/shared/schemas/turnout';

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
