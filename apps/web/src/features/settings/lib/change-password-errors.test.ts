import { MSG } from '@aesa/shared/messages';
import { describe, expect, it } from 'vitest';
import { changePasswordErrors } from './change-password-errors.ts';

describe('settings password change validation (spec 01 §5)', () => {
  it('requires the current password', () => {
    expect(changePasswordErrors({ current_password: '', new_password: 'abcdefgh', confirm_password: 'abcdefgh' })).toEqual({
      current_password: MSG.currentPasswordRequired,
    });
  });

  it('needs 8 characters and matching confirmation', () => {
    expect(changePasswordErrors({ current_password: 'old', new_password: 'abc', confirm_password: 'abd' })).toEqual({
      new_password: MSG.passwordTooShort,
      confirm_password: MSG.newPasswordsMismatch,
    });
    expect(MSG.passwordTooShort).toBe('Password must be at least 8 characters long');
    expect(changePasswordErrors({ current_password: 'old', new_password: 'seven-7', confirm_password: 'seven-7' })).toEqual({ new_password: MSG.passwordTooShort });
  });

  it('accepts a valid change', () => {
    expect(changePasswordErrors({ current_password: 'old', new_password: 'abcdefgh', confirm_password: 'abcdefgh' })).toEqual({});
  });
});
