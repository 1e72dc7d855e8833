import { describe, expect, it } from 'vitest';
import { turnoutSeries } from './turnout-series.ts';

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
