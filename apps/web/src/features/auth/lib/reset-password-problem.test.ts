import { LIMITS } from '@aesa/shared/constants';
import { MSG } from '@aesa/shared/messages';
import { describe, expect, it } from 'vitest';
import { resetPasswordProblem } from './reset-password-problem.ts';

describe('reset password validation (spec 01 §5)', () => {
  it('checks in the spec order', () => {
    expect(resetPasswordProblem('', '')).toBe(MSG.fillAllFields);
    expect(resetPasswordProblem('abcdefgh', '')).toBe(MSG.fillAllFields);
    expect(resetPasswordProblem('abc', 'abd')).toBe(MSG.passwordsMismatch);
    expect(resetPasswordProblem('abc', 'abc')).toBe(MSG.passwordTooShort);
    expect(resetPasswordProblem('x'.repeat(129), 'x'.repeat(129))).toBe(MSG.passwordTooLong);
    expect(resetPasswordProblem('abcdefgh', 'abcdefgh')).toBeNull();
  });

  it(`needs ${LIMITS.passwordMin} characters, counted as characters`, () => {
    expect(MSG.passwordTooShort).toBe('Password must be at least 8 characters long');
    expect(resetPasswordProblem('seven-7', 'seven-7')).toBe(MSG.passwordTooShort);
    expect(resetPasswordProblem('eight-88', 'eight-88')).toBeNull();
    // Four emoji are eight UTF-16 units but four characters.
    expect(resetPasswordProblem('🚀🚀🚀🚀', '🚀🚀🚀🚀')).toBe(MSG.passwordTooShort);
    expect(resetPasswordProblem('🚀'.repeat(128), '🚀'.repeat(128))).toBeNull();
  });
});
