import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { alertFailure, errorMessage, loadFailed } from './admin-messages.ts';

describe('admin failure texts (spec 02 §8)', () => {
  it("says 'Failed to load {things}: {message or Unknown error}'", () => {
    expect(loadFailed('submissions', new ApiError('Boom', 'http', 500))).toBe('Failed to load submissions: Boom');
    expect(loadFailed('elections', undefined)).toBe('Failed to load elections: Unknown error');
    expect(loadFailed('events', new Error(''))).toBe('Failed to load events: Unknown error');
  });

  it('alerts the spec text with the message, but not after a 401 (the session end says it)', () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    alertFailure(new ApiError('End time must be after start time', 'http', 400), (m) => `Error saving election: ${m}`);
    expect(alert).toHaveBeenCalledWith('Error saving election: End time must be after start time');
    alertFailure(new ApiError('Session expired. Please login again.', 'http', 401), (m) => `Error saving election: ${m}`);
    expect(alert).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('reads a plain string too', () => {
    expect(errorMessage('nope')).toBe('nope');
  });
});
