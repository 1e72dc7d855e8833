import { MSG } from '@aesa/shared/messages';
import { describe, expect, it } from 'vitest';
import { changePasswordErrors } from './change-password-errors.ts';

describe('settings password change validation (spec 01 §5)', () => {
  it('requires the current password', () => {
    expect(changePasswordErrors({ current_password: '', new_password: 'abcdef', confirm_password: 'abcdef' })).toEqual({
      current_password: MSG.currentPasswordRequired,
    });
  });

  it('needs 6 characters and matching confirmation', () => {
    expect(changePasswordErrors({ current_password: 'old', new_password: 'abc', confirm_password: 'abd' })).toEqual({
      new_password: MSG.passwordTooShort,
      confirm_password: MSG.newPasswordsMismatch,
    });
    expect(MSG.passwordTooShort).toBe('Password must be at least 6 characters long');
  });

  it('accepts a valid change', () => {
    expect(changePasswordErrors({ current_password: 'old', new_password: 'abcdef', confirm_password: 'abcdef' })).toEqual({});
  });
});
