import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { errorMessage, loadFailed } from './admin-messages.ts';

describe('admin failure texts', () => {
  it("says 'Failed to load {things}: {message or Unknown error}'", () => {
    expect(loadFailed('submissions', new ApiError('Boom', 'http', 500))).toBe('Failed to load submissions: Boom');
    expect(loadFailed('elections', undefined)).toBe('Failed to load elections: Unknown error');
    expect(loadFailed('events', new Error(''))).toBe('Failed to load events: Unknown error');
  });

  it('reads a plain string too', () => {
    expect(errorMessage('nope')).toBe('nope');
  });
});
