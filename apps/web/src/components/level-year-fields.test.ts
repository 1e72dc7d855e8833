import { ENROLLMENT_YEARS } from '@aesa/shared/constants';
import { describe, expect, it } from 'vitest';
import { yearOptions } from './level-year-fields.tsx';

describe('the enrolment years a select offers', () => {
  it('are the enrolment years, newest first', () => {
    expect(yearOptions()).toEqual([...ENROLLMENT_YEARS].reverse());
    expect(yearOptions('')).toEqual([...ENROLLMENT_YEARS].reverse());
    expect(yearOptions(ENROLLMENT_YEARS[3])).toEqual([...ENROLLMENT_YEARS].reverse());
  });

  it("keep a member's own older year, so it shows as it is", () => {
    const older = ENROLLMENT_YEARS[0]! - 5;
    expect(yearOptions(older).at(-1)).toBe(older);
    expect(yearOptions(String(older))).toHaveLength(ENROLLMENT_YEARS.length + 1);
  });
});
