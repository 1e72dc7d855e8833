import { describe, expect, it } from 'vitest';
import { ERRORS, errorMessage, isErrorCode, messageFor, type ErrorCode } from './error-codes.ts';

/** Arguments for each parameterised message; a new one needs its example here, so its text is seen once. */
const EXAMPLE_ARGS: Partial<Record<ErrorCode, unknown[]>> = {
  AUTH_PASSWORD_PERSONAL: ['association', 'AESA'],
  ADMIN_MODULE_DENIED: ['electoral'],
  ADMIN_ROLE_IN_USE: [2],
  BULK_EMAIL_UNREGISTERED_ADDRESSES: [['a@b.co', 'c@d.co']],
  EXECUTIVE_ALREADY_ASSIGNED: ['Ada Obi', 'President'],
  EXECUTIVE_SAME_OFFICE: ['Ada Obi', 'President'],
  CANDIDATE_ALREADY_STANDING: ['Ada Obi', 'President'],
  VOTE_CANDIDATE_WRONG_POSITION: ['President'],
  VOTE_ALREADY_CAST: ['President'],
  ELECTION_SESSION_NOT_FOUND: ['2026-2027'],
  VOTE_NOT_FINANCIAL: ['2026-2027'],
  PAYMENT_ALREADY_FINANCIAL: ['2026-2027'],
  PAYMENT_MEMBER_ALREADY_FINANCIAL: ['2026-2027'],
  PROFILE_TOO_MANY_ITEMS: ['projects', 20],
  MEMBER_ROLES_BULK_UNKNOWN_IDS: [3],
  CLASS_LIST_MISSING_COLUMN: ['matric number'],
  HAND_OVER_ALREADY_DONE: ['2026-2027'],
  HAND_OVER_WRONG_SESSION: ['2027-2028'],
  ELECTION_REMINDER_TOO_SOON: ['26 Nov 2026, 15:46'],
  ELECTION_WINNERS_ALREADY_INSTALLED: ['2026-2027'],
  SUBMISSION_UNEXPECTED_FILE: ['cover'],
};

describe('the error-code table', () => {
  const entries = Object.entries(ERRORS) as [ErrorCode, (typeof ERRORS)[ErrorCode]][];

  it('names each reason in capitals, with a 4xx or 5xx status and a message', () => {
    for (const [code, { status, message }] of entries) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(status >= 400 && status < 600, code).toBe(true);
      expect(typeof message === 'string' ? message : 'function').not.toBe('');
    }
  });

  it('gives every code a text a screen can show, parameterised ones made from their example arguments', () => {
    for (const [code, { message }] of entries) {
      const args = EXAMPLE_ARGS[code] ?? [];
      if (typeof message === 'function') expect(args.length, `${code} takes arguments: add an example to EXAMPLE_ARGS`).toBeGreaterThan(0);
      const text = messageFor(code, args);
      expect(text, code).toBeTypeOf('string');
      expect(text!.trim(), code).not.toBe('');
      expect(text, code).not.toContain('undefined');
    }
  });

  it('makes parameterised messages from their arguments, and no text without them', () => {
    expect(errorMessage('VOTE_ALREADY_CAST', 'President')).toBe('You have already voted for President');
    expect(messageFor('VOTE_ALREADY_CAST', ['President'])).toBe('You have already voted for President');
    expect(messageFor('ADMIN_ROLE_IN_USE', [2])).toContain('2 admin users');
    expect(messageFor('VOTE_ALREADY_CAST')).toBeNull();
    expect(messageFor('BULK_EMAIL_UNREGISTERED_ADDRESSES', ['not a list'])).toBeNull();
    expect(messageFor('NOT_FOUND')).toBe('Not found');
  });

  it('knows its own codes, and only those', () => {
    expect(isErrorCode('ELECTION_END_BEFORE_START')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });

  it('names the input of a refusal about one, as the forms call it', () => {
    expect(ERRORS.ELECTION_END_BEFORE_START.field).toBe('end_time');
    expect(ERRORS.ADMIN_ROLE_NAME_TAKEN.field).toBe('role_name');
    expect(ERRORS.ELECTION_NOT_FOUND.field).toBeUndefined();
  });
});
