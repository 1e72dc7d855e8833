import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_MSG } from '@aesa/shared/admin';
import { memberRoles } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createMember, signedInAdmin } from './support/factories.ts';

let t: TestApp;
let dataH: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  dataH = (await signedInAdmin(t.app, ['is_data_admin'])).headers;
});
afterAll(() => t.close());

const batch = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/admin/member-roles/batch', headers: dataH, payload: payload as object });

describe('POST /api/admin/member-roles/batch', () => {
  it('updates a role the member already has, inserts a new one with the spec defaults, and reports bad items without stopping', async () => {
    const a = await createMember(t.app); // has "Members" (member, unverified or verified)
    const b = await createMember(t.app);
    const res = await batch({
      items: [
        { user_id: a.id, role_name: 'members', role_type: 'member', is_current: false, verified_by_admin: true, associated_year_range: '2023-2024' },
        { user_id: b.id, role_name: 'Treasurer' },
        { user_id: randomUUID(), role_name: 'President' },
        { user_id: a.id, role_name: '' },
        { role_name: 'Sports Director' },
        { user_id: b.id, role_name: 'Treasurer', role_type: 'captain' },
        'not an object',
      ],
    });
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results.updated).toHaveLength(1);
    expect(results.updated[0]).toMatchObject({ user_id: a.id, role_name: 'members', role_type: 'member', is_current: false, verified_by_admin: true, associated_year_range: '2023-2024' });
    expect(results.inserted).toEqual([
      expect.objectContaining({ user_id: b.id, role_name: 'Treasurer', role_type: 'executive', associated_year_range: '2024-2025', associated_position: 'Leadership', is_current: true, verified_by_admin: true }),
    ]);
    expect(results.failed.map((f: { error: string }) => f.error)).toEqual([
      ADMIN_MSG.userNotFound,
      ADMIN_MSG.roleNameMissing,
      ADMIN_MSG.userRequired,
      'Role type must be one of executive, member, alumni, student',
      'Invalid input: expected object, received string',
    ]);
    // Each with its reason's code, from which the screen says it.
    expect(results.failed.map((f: { code: string }) => f.code)).toEqual(['MEMBER_NOT_FOUND', 'VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED']);
    expect(results.failed[0].item).toEqual({ user_id: expect.any(String), role_name: 'President' });
    // Only one "Members" row for a: updated in place, not duplicated.
    const aRoles = await t.app.db.select().from(memberRoles).where(eq(memberRoles.user_id, a.id));
    expect(aRoles).toHaveLength(1);

    // Run the same item again: now it is an update.
    const again = (await batch({ items: [{ user_id: b.id, role_name: 'TREASURER', associated_position: 'Finance' }] })).json().results;
    expect(again.updated).toHaveLength(1);
    expect(again.inserted).toHaveLength(0);
    const bRoles = await t.app.db.select().from(memberRoles).where(and(eq(memberRoles.user_id, b.id), eq(memberRoles.role_type, 'executive')));
    expect(bRoles.map((r) => r.associated_position)).toEqual(['Finance']);
  });

  it('takes a year range in the one year format and refuses any other with the same message as the executives', async () => {
    const d = await createMember(t.app);
    const res = await batch({
      items: [
        { user_id: d.id, role_name: 'Rocketry Lead', associated_year_range: '2025-2026' },
        { user_id: d.id, role_name: 'Glider Lead', associated_year_range: '' },
        { user_id: d.id, role_name: 'Drone Lead', associated_year_range: '2026' },
        { user_id: d.id, role_name: 'Wind Tunnel Lead', associated_year_range: '2024/2025' },
        { user_id: d.id, role_name: 'CFD Lead', associated_year_range: '2024-2026' },
        { user_id: d.id, role_name: 'Avionics Lead', associated_year_range: 'last year' },
      ],
    });
    const { results } = res.json();
    expect(results.inserted.map((r: { role_name: string; associated_year_range: string }) => [r.role_name, r.associated_year_range])).toEqual([
      ['Rocketry Lead', '2025-2026'],
      ['Glider Lead', '2024-2025'],
    ]);
    expect(results.failed.map((f: { error: string }) => f.error)).toEqual([ADMIN_MSG.yearInvalid, ADMIN_MSG.yearInvalid, ADMIN_MSG.yearInvalid, ADMIN_MSG.yearInvalid]);
    expect(results.failed.map((f: { code: string }) => f.code)).toEqual(['VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED']);
    const rows = await t.app.db.select().from(memberRoles).where(eq(memberRoles.user_id, d.id));
    expect(rows.some((r) => ['Drone Lead', 'Wind Tunnel Lead', 'CFD Lead', 'Avionics Lead'].includes(r.role_name))).toBe(false);
  });

  it('refuses an empty batch with the spec alert', async () => {
    for (const payload of [{ items: [] }, {}]) {
      const res = await batch(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(ADMIN_MSG.batchEmpty);
    }
  });

  it('two identical batches at once insert the role once', async () => {
    const c = await createMember(t.app);
    const item = { user_id: c.id, role_name: 'Social Director' };
    const [x, y] = await Promise.all([batch({ items: [item] }), batch({ items: [item] })]);
    expect(x.json().results.inserted.length + y.json().results.inserted.length).toBe(1);
    const rows = await t.app.db.select().from(memberRoles).where(and(eq(memberRoles.user_id, c.id), eq(memberRoles.role_name, 'Social Director')));
    expect(rows).toHaveLength(1);
  });
});
