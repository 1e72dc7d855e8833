import { describe, expect, it } from 'vitest';
import { MSG } from '@aesa/shared/messages';
import { ApiError } from '@/lib/api-client.ts';
import { MAX_BUSY_WAIT_SECONDS, busyWaitSeconds, failureMessage } from './failure-message.ts';

describe('auth failure texts', () => {
  it('says the text of the refusal\'s code, never the server\'s own words', () => {
    const refused = { success: false, error: 'Server words', code: 'AUTH_INVALID_CREDENTIALS' };
    expect(failureMessage(new ApiError('Invalid matric number or password', 'http', 401, refused), 'F', 'U')).toBe('Invalid matric number or password');
    expect(failureMessage(new ApiError('HTTP 400: Bad Request', 'http', 400, { error: 'Wrong', message: 'Msg', details: 'Det' }), 'F', 'U')).toBe('F');
  });

  it('falls back to the screen text when the server gives no reason', () => {
    expect(failureMessage(new ApiError('HTTP 500: Internal Server Error', 'http', 500, {}), 'Login failed. Please try again.', 'U')).toBe(
      'Login failed. Please try again.',
    );
  });

  it('keeps the connection texts, and calls anything else unexpected', () => {
    expect(failureMessage(new ApiError('Unable to connect', 'network'), 'F', 'U')).toBe('Unable to connect');
    expect(failureMessage(new Error('bug'), 'F', 'An unexpected error occurred during login.')).toBe(
      'An unexpected error occurred during login.',
    );
  });
});

describe('the wait after a busy sign-in', () => {
  const refused = (code: string, status: number, retryAfter: number | null) => {
    const error = new ApiError('x', 'http', status, { success: false, error: 'x', code });
    error.retryAfterSeconds = retryAfter;
    return error;
  };

  it("is the server's Retry-After, from 1 s up to the page's own limit", () => {
    expect(busyWaitSeconds(refused('AUTH_SIGN_IN_BUSY', 503, 17))).toBe(17);
    expect(busyWaitSeconds(refused('AUTH_SIGN_IN_BUSY', 503, 0))).toBe(1);
    expect(busyWaitSeconds(refused('AUTH_SIGN_IN_BUSY', 503, 3600))).toBe(MAX_BUSY_WAIT_SECONDS);
  });

  it('is none for any other refusal, or a busy answer without Retry-After', () => {
    expect(busyWaitSeconds(refused('AUTH_SIGN_IN_BUSY', 503, null))).toBeNull();
    expect(busyWaitSeconds(refused('RATE_LIMITED', 429, 30))).toBeNull();
    expect(busyWaitSeconds(new Error('bug'))).toBeNull();
  });
});

describe('the login button while it waits', () => {
  it('counts seconds, and minutes and seconds from a minute on', () => {
    expect(MSG.loginRetryIn(1)).toBe('Trying again in 1 s...');
    expect(MSG.loginRetryIn(59)).toBe('Trying again in 59 s...');
    expect(MSG.loginRetryIn(60)).toBe('Trying again in 1 min 0 s...');
    expect(MSG.loginRetryIn(173)).toBe('Trying again in 2 min 53 s...');
  });
});
