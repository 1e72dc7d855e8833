import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { aboutExecutivesError } from './executives-error.ts';

describe('About executives error text', () => {
  it('says placeholder data is shown when the server cannot be reached', () => {
    expect(aboutExecutivesError(new ApiError('x', 'network'))).toBe('Unable to connect to server. Using placeholder data.');
    expect(aboutExecutivesError(new ApiError('x', 'cross-origin'))).toBe('Unable to connect to server. Using placeholder data.');
  });

  it('names a timeout', () => {
    expect(aboutExecutivesError(new ApiError('x', 'timeout'))).toBe('Server response timeout. Using placeholder data.');
  });

  it("quotes the server's message otherwise, or says it is unknown", () => {
    expect(aboutExecutivesError(new ApiError('Something went wrong', 'http', 500))).toBe(
      'Failed to load executives: Something went wrong',
    );
    expect(aboutExecutivesError(new ApiError('', 'http', 500))).toBe('Failed to load executives: Unknown error');
    expect(aboutExecutivesError(null)).toBe('Failed to load executives: Unknown error');
  });
});
