import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { failureMessage } from './failure-message.ts';

describe('auth failure texts', () => {
  it('prefers the server error, then message, then details', () => {
    expect(failureMessage(new ApiError('x', 'http', 401, { error: 'Wrong' }), 'F', 'U')).toBe('Wrong');
    expect(failureMessage(new ApiError('x', 'http', 400, { message: 'Msg' }), 'F', 'U')).toBe('Msg');
    expect(failureMessage(new ApiError('x', 'http', 400, { details: 'Det' }), 'F', 'U')).toBe('Det');
  });

  it('falls back to the screen text when the server says nothing', () => {
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
