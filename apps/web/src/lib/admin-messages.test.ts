import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { conflictText, errorMessage, loadFailed } from './admin-messages.ts';

describe('admin failure texts', () => {
  it("says 'Failed to load {things}: {message or Unknown error}'", () => {
    expect(loadFailed('submissions', new ApiError('Boom', 'http', 500))).toBe('Failed to load submissions: Boom');
    expect(loadFailed('elections', undefined)).toBe('Failed to load elections: Unknown error');
    expect(loadFailed('events', new Error(''))).toBe('Failed to load events: Unknown error');
  });

  it('reads a plain string too', () => {
    expect(errorMessage('nope')).toBe('nope');
  });

  it('tells a stale toggle or delete who changed the record and when, and that the list shows it now', () => {
    const text = conflictText({ current: {}, lastChange: { by: { id: 'u1', name: 'Ada Obi' }, at: '2026-03-01T09:00:00.000Z' } });
    expect(text).toBe('Ada Obi changed it on 1 Mar 2026, 10:00, after this page showed it. The list now shows their change: check it, then try again if it is still needed.');
    expect(conflictText({ current: {}, lastChange: null })).toMatch(/^Someone else changed it, after/);
  });
});
