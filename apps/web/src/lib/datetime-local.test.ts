import { describe, expect, it } from 'vitest';
import { dayBoundary, formatDateTime, fromLocalInput, toLocalInput } from './datetime-local.ts';

describe('datetime-local conversions', () => {
  it('round-trips a wall-clock time through an ISO instant', () => {
    const iso = fromLocalInput('2025-03-10T09:30');
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
    expect(toLocalInput(iso)).toBe('2025-03-10T09:30');
  });

  it('answers null or empty text for missing or broken values', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('nope')).toBe('');
    expect(formatDateTime('nope')).toBe('');
  });

  it('gives the start and the end of a picked day', () => {
    const start = new Date(dayBoundary('2025-03-10', 'start')!);
    const end = new Date(dayBoundary('2025-03-10', 'end')!);
    expect([start.getHours(), start.getMinutes()]).toEqual([0, 0]);
    expect([end.getHours(), end.getMinutes(), end.getSeconds()]).toEqual([23, 59, 59]);
    expect(end.getTime() - start.getTime()).toBe(86_400_000 - 1);
    expect(dayBoundary('10/03/2025', 'start')).toBeNull();
  });
});
