import { describe, expect, it } from 'vitest';
import { dayBoundary, fromLocalInput, toLocalInput } from './datetime-local.ts';

// The site's zone is the default, Africa/Lagos (UTC+1, no daylight saving), in these tests.
describe('datetime-local conversions', () => {
  it('round-trips a wall-clock time through an ISO instant', () => {
    const iso = fromLocalInput('2025-03-10T09:30');
    expect(iso).toBe('2025-03-10T08:30:00.000Z');
    expect(toLocalInput(iso)).toBe('2025-03-10T09:30');
  });

  it('answers null or empty text for missing or broken values', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('nope')).toBe('');
  });

  it('gives the start and the end of a picked day', () => {
    const start = new Date(dayBoundary('2025-03-10', 'start')!);
    const end = new Date(dayBoundary('2025-03-10', 'end')!);
    expect(start.toISOString()).toBe('2025-03-09T23:00:00.000Z');
    expect(end.toISOString()).toBe('2025-03-10T22:59:59.999Z');
    expect(end.getTime() - start.getTime()).toBe(86_400_000 - 1);
    expect(dayBoundary('10/03/2025', 'start')).toBeNull();
  });
});
