import { describe, expect, it } from 'vitest';
import {
  dayEdge,
  formatCalendarDate,
  formatCalendarMonth,
  formatDate,
  formatDateTime,
  formatTime,
  formatWeekdayDate,
  fromWallTimeInput,
  toWallTimeInput,
} from './format-date.ts';

const LAGOS = { locale: 'en-GB', timeZone: 'Africa/Lagos' };
const LA = { locale: 'en-GB', timeZone: 'America/Los_Angeles' };
const LONDON = { locale: 'en-GB', timeZone: 'Europe/London' };

// 23:30 UTC on 14 March 2025: already the 15th in Lagos, still the 14th in Los Angeles.
const INSTANT = '2025-03-14T23:30:00.000Z';

describe('one date format, in the site zone', () => {
  it('shows one instant on each zone’s own calendar and clock', () => {
    expect(formatDateTime(INSTANT, LAGOS)).toBe('15 Mar 2025, 00:30');
    expect(formatDateTime(INSTANT, LA)).toBe('14 Mar 2025, 16:30');
    expect(formatDate(INSTANT, LAGOS)).toBe('15 Mar 2025');
    expect(formatDate(INSTANT, LA)).toBe('14 Mar 2025');
    expect(formatTime(INSTANT, LAGOS)).toBe('00:30');
    expect(formatWeekdayDate(INSTANT, LAGOS)).toBe('Sat, 15 Mar 2025');
  });

  it('follows the locale', () => {
    expect(formatDateTime(INSTANT, { locale: 'en-US', timeZone: 'Africa/Lagos' })).toBe('Mar 15, 2025, 12:30 AM');
  });

  it('shows nothing for a missing or broken value', () => {
    expect(formatDateTime(null, LAGOS)).toBe('');
    expect(formatDate('', LAGOS)).toBe('');
    expect(formatDate('not a date', LAGOS)).toBe('');
  });

  it('never moves a calendar date by a zone', () => {
    expect(formatCalendarDate('2024-03-15', LA)).toBe('15 Mar 2024');
    expect(formatCalendarDate('2024-03-15T00:00:00.000Z', LAGOS)).toBe('15 Mar 2024');
    expect(formatCalendarMonth('2024-03-01', LA)).toBe('Mar 2024');
    expect(formatCalendarMonth('soon', LA)).toBe('soon');
  });
});

describe('wall-clock inputs in the site zone', () => {
  it('reads and writes the zone’s wall time', () => {
    expect(toWallTimeInput(INSTANT, LAGOS)).toBe('2025-03-15T00:30');
    expect(toWallTimeInput(INSTANT, LA)).toBe('2025-03-14T16:30');
    expect(fromWallTimeInput('2025-03-15T00:30', LAGOS)).toBe(INSTANT);
    expect(fromWallTimeInput('2025-03-14T16:30', LA)).toBe(INSTANT);
    expect(fromWallTimeInput('2025-13-01T10:00', LAGOS)).toBeNull();
  });

  it('lands on the right side of a daylight-saving change', () => {
    // London moves from GMT to BST at 01:00 UTC on 30 March 2025.
    expect(fromWallTimeInput('2025-03-30T00:30', LONDON)).toBe('2025-03-30T00:30:00.000Z');
    expect(fromWallTimeInput('2025-03-30T03:00', LONDON)).toBe('2025-03-30T02:00:00.000Z');
    expect(dayEdge('2025-03-30', 'end', LONDON)).toBe('2025-03-30T22:59:59.999Z');
    expect(dayEdge('2025-03-30', 'start', LONDON)).toBe('2025-03-30T00:00:00.000Z');
  });
});
