import { describe, expect, it } from 'vitest';
import { chartPoints, periodEnd, turnoutSeries } from './turnout-series.ts';

const at = (minute: number) => new Date(Date.UTC(2027, 5, 1, 8, minute)).toISOString();

describe('turnoutSeries', () => {
  it('puts every position on one time axis, carrying each count forward and starting at 0', () => {
    const s = turnoutSeries([
      { position: 'President', total: 5, points: [{ period: at(0), votes: 2 }, { period: at(20), votes: 5 }] },
      { position: 'Treasurer', total: 1, points: [{ period: at(10), votes: 1 }] },
    ]);
    expect(s.times).toEqual([at(0), at(10), at(20)].map(Date.parse));
    expect(s.lines).toEqual([
      { position: 'President', votes: [2, 2, 5] },
      { position: 'Treasurer', votes: [0, 1, 1] },
    ]);
  });

  it('no votes: no points', () => {
    expect(turnoutSeries([])).toEqual({ times: [], lines: [] });
  });
});

describe('chartPoints', () => {
  const series = turnoutSeries([{ position: 'President', total: 3, points: [{ period: at(0), votes: 1 }, { period: at(20), votes: 3 }] }]);
  const opened = Date.parse(at(5));
  const asOf = Date.parse(at(24));

  it('starts at the opening, never at the 10-minute mark before it, and ends at the time the counts are as of', () => {
    expect(chartPoints(series, opened, asOf)).toEqual({ times: [opened, opened, Date.parse(at(20)), asOf], lines: [[0, 1, 3, 3]] });
  });

  it('draws nothing in the future: the running period ends now in the table too', () => {
    expect(Math.max(...chartPoints(series, opened, asOf).times)).toBe(asOf);
    expect(periodEnd(Date.parse(at(20)), asOf)).toBe(asOf);
    expect(periodEnd(Date.parse(at(0)), asOf)).toBe(Date.parse(at(10)));
  });
});
