import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { PASSWORD_RULE_MSG } from '../password-rules.ts';
import { changePasswordFormSchema, loginSchema, newPasswordField, profileChangePasswordFormSchema, resetPasswordFormSchema, signupSchema } from './auth.ts';

/** Field name → first message, as a form shows them. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[String(issue.path[0] ?? '')] ??= issue.message;
  return found;
}

const reset = (new_password: string, confirm_password: string) => messages(resetPasswordFormSchema.safeParse({ new_password, confirm_password })).root ?? null;
const change = (current_password: string, new_password: string, confirm_password: string) =>
  messages(changePasswordFormSchema.safeParse({ current_password, new_password, confirm_password }));

describe('sign-in and sign-up requests', () => {
  it('need a matric number and a password, and compare matric numbers upper-cased', () => {
    expect(messages(loginSchema.safeParse({ matric_number: ' ', password: '' }))).toEqual({
      matric_number: MSG.matricRequired,
      password: MSG.passwordRequired,
    });
    expect(loginSchema.parse({ matric_number: ' ae/20/001 ', password: 'x' }).matric_number).toBe('AE/20/001');
  });

  it('need a simple e-mail address, kept lower-cased', () => {
    expect(messages(signupSchema.safeParse({ email: '', matric_number: 'a' }))).toEqual({ email: MSG.emailRequired });
    expect(messages(signupSchema.safeParse({ email: 'not-an-address', matric_number: 'a' }))).toEqual({ email: MSG.emailInvalid });
    expect(signupSchema.parse({ email: ' Ada@Example.COM ', matric_number: 'a' }).email).toBe('ada@example.com');
  });
});

describe('the new-password rule', () => {
  it(`needs ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters, counted as characters`, () => {
    expect(MSG.passwordTooShort).toBe('Password must be at least 8 characters long');
    expect(newPasswordField.safeParse('seven-7').success).toBe(false);
    expect(newPasswordField.safeParse('eight-88').success).toBe(true);
    // Four emoji are eight UTF-16 units but four characters.
    expect(newPasswordField.safeParse('🚀🚀🚀🚀').success).toBe(false);
    // 128 emoji (not all one: that is refused as one character repeated) are 256 UTF-16 units.
    expect(newPasswordField.safeParse('🚀'.repeat(127) + '🌍').success).toBe(true);
    expect(newPasswordField.safeParse('🚀'.repeat(128)).error?.issues[0]?.message).toBe(PASSWORD_RULE_MSG.repeated);
    expect(newPasswordField.safeParse(' '.repeat(8)).error?.issues[0]?.message).toBe(PASSWORD_RULE_MSG.repeated);
    expect(newPasswordField.safeParse('x'.repeat(129)).error?.issues[0]?.message).toBe(MSG.passwordTooLong);
  });
});

describe('the reset-password form', () => {
  it('gives one message, in order: both fields filled, the two equal, then the length rule', () => {
    expect(reset('', '')).toBe(MSG.fillAllFields);
    expect(reset('abcdefgh', '')).toBe(MSG.fillAllFields);
    expect(reset('abc', 'abd')).toBe(MSG.passwordsMismatch);
    expect(reset('abc', 'abc')).toBe(MSG.passwordTooShort);
    expect(reset('x'.repeat(129), 'x'.repeat(129))).toBe(MSG.passwordTooLong);
    expect(reset('abcdefgh', 'abcdefgh')).toBeNull();
  });

  it('counts characters as the server does', () => {
    expect(reset('seven-7', 'seven-7')).toBe(MSG.passwordTooShort);
    expect(reset('eight-88', 'eight-88')).toBeNull();
    expect(reset('🚀🚀🚀🚀', '🚀🚀🚀🚀')).toBe(MSG.passwordTooShort);
    expect(reset('🚀'.repeat(127) + '🌍', '🚀'.repeat(127) + '🌍')).toBeNull();
  });
});

describe('the settings change-password form', () => {
  it('requires the current password', () => {
    expect(change('', 'abcdefgh', 'abcdefgh')).toEqual({ current_password: MSG.currentPasswordRequired });
  });

  it('needs 8 characters and a matching confirmation, each message under its field', () => {
    expect(change('old', 'abc', 'abd')).toEqual({ new_password: MSG.passwordTooShort, confirm_password: MSG.newPasswordsMismatch });
    expect(change('old', 'seven-7', 'seven-7')).toEqual({ new_password: MSG.passwordTooShort });
  });

  it('accepts a valid change', () => {
    expect(change('old', 'abcdefgh', 'abcdefgh')).toEqual({});
  });
});

describe("the own profile's change-password form", () => {
  const profileChange = (current_password: string, new_password: string, confirm_password: string) =>
    messages(profileChangePasswordFormSchema.safeParse({ current_password, new_password, confirm_password }));

  it('has the same rules as the settings form, and names the new password in the length message', () => {
    expect(MSG.newPasswordTooShort).toBe('New password must be at least 8 characters long');
    expect(profileChange('old', 'abc', 'abd')).toEqual({ new_password: MSG.newPasswordTooShort, confirm_password: MSG.newPasswordsMismatch });
    expect(profileChange('', 'abcdefgh', 'abcdefgh')).toEqual({ current_password: MSG.currentPasswordRequired });
    expect(profileChange('old', 'x'.repeat(129), 'x'.repeat(129))).toEqual({ new_password: MSG.passwordTooLong });
    for (const [current, next, confirm] of [['old', 'abc', 'abd'], ['', 'abcdefgh', 'abcdefgh'], ['old', 'abcdefgh', 'abcdefgh'], ['old', '🚀🚀🚀🚀', '🚀🚀🚀🚀']] as const) {
      expect(profileChangePasswordFormSchema.safeParse({ current_password: current, new_password: next, confirm_password: confirm }).success).toBe(
        changePasswordFormSchema.safeParse({ current_password: current, new_password: next, confirm_password: confirm }).success,
      );
    }
  });
});
