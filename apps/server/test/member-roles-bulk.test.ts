import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray, like } from 'drizzle-orm';
import { BULK_MSG } from '@aesa/shared/exports';
import { auditLog, memberRoles, users } from '../src/db/schema.ts';
import { useTestApp } from './support/use-test-app.ts';
import { signedInAdmin, signedInMember } from './support/factories.ts';

const t = useTestApp();
let dataAdmin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  dataAdmin = await signedInAdmin(t.app, ['is_data_admin'], { name: 'Data Officer' });
});

const bulk = (payload: unknown, headers: Record<string, string> = dataAdmin.headers) =>
  t.app.inject({ method: 'POST', url: '/api/admin/member-roles/bulk', headers, payload: payload as object });

/** Members made straight in the database (no password: none signs in), each with one 'Members' role. */
async function members(prefix: string, specs: { name: string; verified: boolean; current?: boolean }[]) {
  const rows = await t.app.db
    .insert(users)
    .values(specs.map((s, i) => ({ name: `${prefix} ${s.name}`, email: `${prefix}-${i}-${randomUUID().slice(0, 6)}@example.test`.toLowerCase(), matric_number: `BK/${prefix}/${i}`.toUpperCase() })))
    .returning({ id: users.id, name: users.name });
  const roles = await t.app.db
    .insert(memberRoles)
    .values(rows.map((u, i) => ({ user_id: u.id, role_name: 'Members', verified_by_admin: specs[i]!.verified, is_current: specs[i]!.current ?? true })))
    .returning({ id: memberRoles.id, user_id: memberRoles.user_id });
  return rows.map((u) => ({ ...u, roleId: roles.find((r) => r.user_id === u.id)!.id }));
}

const rolesOf = (ids: string[]) => t.app.db.select().from(memberRoles).where(inArray(memberRoles.id, ids));
const snapshot = async () =>
  (await t.app.db.select({ id: memberRoles.id, v: memberRoles.verified_by_admin, c: memberRoles.is_current, u: memberRoles.updated_at }).from(memberRoles)).sort((a, b) => a.id.localeCompare(b.id));
const lastEntry = async () => (await t.app.db.select().from(auditLog).where(eq(auditLog.route, '/api/admin/member-roles/bulk')).orderBy(desc(auditLog.id)).limit(1))[0];

describe('bulk actions on member roles', () => {
  it('verifies exactly the roles the screen’s filter finds (the list’s own query), others unchanged, in one audit entry naming them', async () => {
    const target = await members('Zarqa', [
      { name: 'Ada', verified: false },
      { name: 'Bola', verified: false },
      { name: 'Chidi', verified: true },
    ]);
    const others = await members('Yemisi', [
      { name: 'Dayo', verified: false },
      { name: 'Efe', verified: false },
    ]);
    const filter = { search: 'zarqa', verified: 'false' };
    // What the screen lists for this filter is what the action changes.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/member-roles?search=zarqa&verified=false', headers: dataAdmin.headers })).json();
    expect(listed.total).toBe(2);
    const before = await snapshot();

    const res = await bulk({ filter, set: { verified_by_admin: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, matched: 2, changed: 2 });

    const after = await snapshot();
    const changedIds = after.filter((r) => before.find((b) => b.id === r.id)!.v !== r.v).map((r) => r.id);
    expect(changedIds.sort()).toEqual([target[0]!.roleId, target[1]!.roleId].sort());
    expect((await rolesOf(others.map((o) => o.roleId))).every((r) => !r.verified_by_admin)).toBe(true);
    // Chidi was verified already: not touched, not even his updated_at.
    const chidiBefore = before.find((r) => r.id === target[2]!.roleId)!;
    const chidiAfter = after.find((r) => r.id === target[2]!.roleId)!;
    expect(chidiAfter.u.getTime()).toBe(chidiBefore.u.getTime());

    const entry = await lastEntry();
    expect(entry).toMatchObject({ actor_name: 'Data Officer', outcome: 'ok', summary: 'changed member roles in bulk', target_name: '2 member roles: Zarqa Ada, Zarqa Bola' });
    expect(entry!.details).toMatchObject({ filter, set: { verified_by_admin: true }, changed_count: 2, members: ['Zarqa Ada (BK/ZARQA/0)', 'Zarqa Bola (BK/ZARQA/1)'] });
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.route, '/api/admin/member-roles/bulk'))).toHaveLength(1);

    // The same action again: the filter finds no unverified role any more.
    expect((await bulk({ filter, set: { verified_by_admin: true } })).json()).toEqual({ success: true, matched: 0, changed: 0 });
  });

  it('changes the roles named by id, both flags at once, and says how many changed', async () => {
    const m = await members('Xavier', [
      { name: 'One', verified: true, current: true },
      { name: 'Two', verified: false, current: true },
      { name: 'Three', verified: false, current: true },
    ]);
    const res = await bulk({ ids: [m[0]!.roleId, m[1]!.roleId], set: { verified_by_admin: false, is_current: false } });
    expect(res.json()).toEqual({ success: true, matched: 2, changed: 2 });
    const rows = await rolesOf(m.map((x) => x.roleId));
    const by = (id: string) => rows.find((r) => r.id === id)!;
    expect(by(m[0]!.roleId)).toMatchObject({ verified_by_admin: false, is_current: false });
    expect(by(m[1]!.roleId)).toMatchObject({ verified_by_admin: false, is_current: false });
    expect(by(m[2]!.roleId)).toMatchObject({ verified_by_admin: false, is_current: true });
    // Mark current again: only the two that are not current change.
    expect((await bulk({ ids: m.map((x) => x.roleId), set: { is_current: true } })).json()).toEqual({ success: true, matched: 3, changed: 2 });
  });

  it('a filter with no conditions means every member role', async () => {
    const total = (await t.app.db.select({ id: memberRoles.id }).from(memberRoles)).length;
    const res = await bulk({ filter: {}, set: { is_current: true } });
    expect(res.json()).toMatchObject({ matched: total });
  });

  it('refuses both or neither of ids and filter, an empty set, unknown ids and unknown filter keys: 400 with a code, nothing changed', async () => {
    const m = await members('Wale', [{ name: 'Only', verified: false }]);
    const before = await snapshot();
    const auditBefore = (await t.app.db.select({ id: auditLog.id }).from(auditLog).where(like(auditLog.route, '%/bulk'))).length;
    const cases: [unknown, string, string][] = [
      [{ ids: [m[0]!.roleId], filter: {}, set: { verified_by_admin: true } }, 'MEMBER_ROLES_BULK_TARGET', BULK_MSG.targetOneOf],
      [{ set: { verified_by_admin: true } }, 'MEMBER_ROLES_BULK_TARGET', BULK_MSG.targetOneOf],
      [{ ids: [], set: { verified_by_admin: true } }, 'MEMBER_ROLES_BULK_TARGET', BULK_MSG.targetOneOf],
      [{ ids: [m[0]!.roleId], set: {} }, 'MEMBER_ROLES_BULK_NOTHING_TO_SET', BULK_MSG.nothingToSet],
      [{ ids: [m[0]!.roleId, randomUUID(), randomUUID()], set: { verified_by_admin: true } }, 'MEMBER_ROLES_BULK_UNKNOWN_IDS', BULK_MSG.unknownIds(2)],
      [{ ids: Array.from({ length: 1001 }, () => randomUUID()), set: { verified_by_admin: true } }, 'MEMBER_ROLES_BULK_TOO_MANY_IDS', BULK_MSG.tooManyIds],
    ];
    for (const [payload, code, error] of cases) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code, error });
    }
    // A mistyped filter key must not widen the action to every role.
    const typo = await bulk({ filter: { serach: 'wale' }, set: { verified_by_admin: true } });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().code).toBe('VALIDATION_FAILED');
    expect(await snapshot()).toEqual(before);
    // Refusals are kept as failed attempts, never as changes.
    const entries = await t.app.db.select().from(auditLog).where(like(auditLog.route, '%/bulk')).orderBy(desc(auditLog.id));
    expect(entries.slice(0, entries.length - auditBefore).every((e) => e.outcome === 'failed')).toBe(true);
  });

  it('is for data admins (super admins pass); others are refused and change nothing', async () => {
    const m = await members('Vivian', [{ name: 'Only', verified: false }]);
    const payload = { ids: [m[0]!.roleId], set: { verified_by_admin: true } };
    const member = await signedInMember(t.app);
    const electoral = await signedInAdmin(t.app, ['is_electoral_admin']);
    expect((await bulk(payload, {})).statusCode).toBe(401);
    expect((await bulk(payload, member.headers)).statusCode).toBe(403);
    expect((await bulk(payload, electoral.headers)).statusCode).toBe(403);
    expect((await rolesOf([m[0]!.roleId]))[0]!.verified_by_admin).toBe(false);
    const superAdmin = await signedInAdmin(t.app, ['is_super_admin']);
    expect((await bulk(payload, superAdmin.headers)).json()).toEqual({ success: true, matched: 1, changed: 1 });
  });
});
