import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { conflictRows, editConflictOf } from './edit-conflict.ts';

type V = { title: string; location: string; status: string };
const FIELDS = [
  { key: 'title', label: 'Title' },
  { key: 'location', label: 'Location' },
  { key: 'status', label: 'Status', show: (v: unknown) => String(v).toUpperCase() },
] as const;

describe('the conflict screen rows', () => {
  it('shows what the other save changed and where mine differs from what is saved, nothing else', () => {
    const start: V = { title: 'Talk', location: 'Hall A', status: 'upcoming' };
    const mine: V = { title: 'Talk', location: 'Hall A', status: 'postponed' };
    const theirs: V = { title: 'Talk', location: 'Hangar 2', status: 'upcoming' };
    expect(conflictRows([...FIELDS], start, mine, theirs)).toEqual([
      { key: 'location', label: 'Location', mine: 'Hall A', theirs: 'Hangar 2', changedByThem: true },
      { key: 'status', label: 'Status', mine: 'POSTPONED', theirs: 'UPCOMING', changedByThem: false },
    ]);
  });

  it('finds the conflict in a refused save, and only in a 409 EDIT_CONFLICT', () => {
    const body = { success: false, error: 'x', code: 'EDIT_CONFLICT', current: { id: 'e1', version: 3 }, last_change: { by: { id: 'u1', name: 'Ada' }, at: '2026-03-01T10:00:00Z' } };
    expect(editConflictOf(new ApiError('x', 'http', 409, body))).toEqual({ current: body.current, lastChange: body.last_change });
    expect(editConflictOf(new ApiError('x', 'http', 409, { ...body, code: 'ADMIN_ROLE_NAME_TAKEN' }))).toBeNull();
    expect(editConflictOf(new ApiError('x', 'http', 400, body))).toBeNull();
    expect(editConflictOf(new Error('x'))).toBeNull();
  });
});
