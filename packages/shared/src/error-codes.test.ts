import { describe, expect, it } from 'vitest';
import { codeOfMessage, ERRORS, errorMessage, type ErrorCode } from './error-codes.ts';

describe('the error-code table', () => {
  const entries = Object.entries(ERRORS) as [ErrorCode, (typeof ERRORS)[ErrorCode]][];

  it('names each reason in capitals, with a 4xx or 5xx status and a message', () => {
    for (const [code, { status, message }] of entries) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(status >= 400 && status < 600, code).toBe(true);
      expect(typeof message === 'string' ? message : 'function').not.toBe('');
    }
  });

  it('gives one code for each fixed message and status, so a message finds its code back', () => {
    for (const [code, { status, message }] of entries) {
      if (typeof message === 'string') expect(codeOfMessage(message, status), message).toBe(code);
    }
  });

  it('makes parameterised messages from their arguments', () => {
    expect(errorMessage('VOTE_ALREADY_CAST', 'President')).toBe('You have already voted for President');
    expect(errorMessage('ADMIN_ROLE_IN_USE', 2)).toContain('2 admin users');
    expect(errorMessage('NOT_FOUND')).toBe('Not found');
  });
});
