import { MSG } from '@aesa/shared/messages';
import { describe, expect, it } from 'vitest';
import { resetPasswordProblem } from './reset-password-problem.ts';

describe('reset password validation (spec 01 §5)', () => {
  it('checks in the spec order', () => {
    expect(resetPasswordProblem('', '')).toBe(MSG.fillAllFields);
    expect(resetPasswordProblem('abcdef', '')).toBe(MSG.fillAllFields);
    expect(resetPasswordProblem('abc', 'abd')).toBe(MSG.passwordsMismatch);
    expect(resetPasswordProblem('abc', 'abc')).toBe(MSG.passwordTooShort);
    expect(resetPasswordProblem('x'.repeat(129), 'x'.repeat(129))).toBe(MSG.passwordTooLong);
    expect(resetPasswordProblem('abcdef', 'abcdef')).toBeNull();
  });
});
