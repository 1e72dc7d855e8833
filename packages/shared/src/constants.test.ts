import { describe, expect, it } from 'vitest';
import { ENROLLMENT_YEAR_SPAN, ENROLLMENT_YEARS, enrollmentYears } from './constants.ts';

describe('enrollmentYears', () => {
  it('is the last ten years up to this year, oldest first', () => {
    expect(enrollmentYears(new Date('2026-11-24T12:00:00Z'))).toEqual([2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026]);
  });

  it('moves on with the calendar: a new year brings its intake', () => {
    expect(enrollmentYears(new Date('2030-01-01T00:00:00Z')).at(-1)).toBe(2030);
    expect(enrollmentYears(new Date('2030-01-01T00:00:00Z'))[0]).toBe(2021);
    expect(enrollmentYears(new Date('2029-12-31T23:59:59Z')).at(-1)).toBe(2029);
  });

  it('is what the lists use today', () => {
    expect(ENROLLMENT_YEARS).toEqual(enrollmentYears());
    expect(ENROLLMENT_YEARS).toHaveLength(ENROLLMENT_YEAR_SPAN);
    expect(ENROLLMENT_YEARS.at(-1)).toBe(new Date().getUTCFullYear());
  });
});
