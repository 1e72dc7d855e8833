import type { ExecutiveAdminItem } from '@aesa/shared/admin';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { ADMIN_MSG } from '@aesa/shared/admin';
import { assignFailureText, assignRefusal, officeMark, officesOf } from './executives.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const record = (over: Partial<ExecutiveAdminItem>): ExecutiveAdminItem => ({
  id: Math.random().toString(36),
  user_id: 'u1',
  position: 'President',
  year: '2025-2026',
  is_current: true,
  end_date: null,
  created_at: '2026-01-01T00:00:00Z',
  held: true,
  version: 1,
  users: { name: 'Ada', matric_number: 'AE/1', email: 'ada@example.com' },
  ...over,
});

describe('executive offices', () => {
  it('lists the ten offices in order, vacant when nobody holds them', () => {
    const offices = officesOf([], NOW);
    expect(offices).toHaveLength(10);
    expect(offices[0]).toEqual({ position: 'President', holder: null, past: [] });
  });

  it('takes the holding record as holder and keeps the ended ones as past', () => {
    const ended = record({ id: 'old', held: false, is_current: false, end_date: '2026-02-01T00:00:00Z', created_at: '2025-01-01T00:00:00Z' });
    const current = record({ id: 'new', user_id: 'u2' });
    const offices = officesOf([ended, current], NOW);
    expect(offices[0]!.holder?.id).toBe('new');
    expect(offices[0]!.past.map((p) => p.id)).toEqual(['old']);
  });

  it('without the server flag, an end date in the future still holds', () => {
    const later = record({ held: undefined as unknown as boolean, end_date: '2026-12-01T00:00:00Z' });
    const over = record({ held: undefined as unknown as boolean, end_date: '2026-02-01T00:00:00Z', position: 'Treasurer' });
    const offices = officesOf([later, over], NOW);
    expect(offices.find((o) => o.position === 'President')!.holder).not.toBeNull();
    expect(offices.find((o) => o.position === 'Treasurer')!.holder).toBeNull();
  });

  it('knows before asking anything that a holder of another office cannot take this one, and marks holders', () => {
    const offices = officesOf([record({ user_id: 'u1', position: 'Treasurer' })], NOW);
    expect(assignRefusal(offices, 'President', { id: 'u1', name: 'Ada' })).toBe(ADMIN_MSG.executiveAlreadyAssigned('Ada', 'Treasurer'));
    expect(assignRefusal(offices, 'Treasurer', { id: 'u1', name: 'Ada' })).toBe(ADMIN_MSG.executiveSameOffice('Ada', 'Treasurer'));
    expect(assignRefusal(offices, 'President', { id: 'u2', name: 'Bo' })).toBeNull();
    expect(officeMark(offices, 'u1')).toBe('Holds the Treasurer office');
    expect(officeMark(offices, 'u2')).toBeNull();
  });

  it('shows the server refusal as it is, and says a failed answer may have succeeded', () => {
    const refusal = new ApiError('Ada is already assigned to President. Please remove them from that position first or assign a different user.', 'http', 409);
    expect(assignFailureText(refusal)).toBe(refusal.message);
    const timeout = new ApiError('Request timed out', 'timeout');
    expect(assignFailureText(timeout)).toMatch(/^Error creating executive: Request timed out\. The assignment may have succeeded/);
    expect(assignFailureText(new ApiError('HTTP 500: Internal Server Error', 'http', 500))).toMatch(/may have succeeded/);
  });
});
