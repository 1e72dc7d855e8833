import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ELECTION_MSG } from '@aesa/shared/elections';
import { RECORD_MSG } from '@aesa/shared/election-record';
import { memberRoles } from '../src/db/schema.ts';
import { currentVersion } from './support/current-version.ts';
import { useTestApp } from './support/use-test-app.ts';
import { createMember, signedInAdmin, signedInMember } from './support/factories.ts';
import { addCandidate, createElection } from './support/elections.ts';

const t = useTestApp();
let dataAdmin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  dataAdmin = await signedInAdmin(t.app, ['is_data_admin'], { name: 'Data Officer' });
});

const list = (query = '', headers: Record<string, string> = dataAdmin.headers) => t.app.inject({ method: 'GET', url: `/api/admin/member-roles${query}`, headers });
// A change sends the version of the record as it is when the call is made (decision 054).
const patch = async (id: string, payload: object, headers: Record<string, string> = dataAdmin.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/member-roles/${id}`, headers: { ...headers, ...(await currentVersion(t.app, `/api/admin/member-roles/${id}`)) }, payload });
const roleOf = async (userId: string) => (await t.app.db.select().from(memberRoles).where(eq(memberRoles.user_id, userId)))[0]!;

describe('member roles', () => {
  it('needs the data admin permission (super passes)', async () => {
    const m = await createMember(t.app);
    const role = await roleOf(m.id);
    const member = await signedInMember(t.app);
    const electoral = await signedInAdmin(t.app, ['is_electoral_admin']);
    const superAdmin = await signedInAdmin(t.app, ['is_super_admin']);
    expect((await list('', {})).statusCode).toBe(401);
    expect((await list('', member.headers)).statusCode).toBe(403);
    expect((await list('', electoral.headers)).statusCode).toBe(403);
    expect((await patch(role.id, { verified_by_admin: false }, {})).statusCode).toBe(401);
    expect((await patch(role.id, { verified_by_admin: false }, electoral.headers)).statusCode).toBe(403);
    expect((await roleOf(m.id)).verified_by_admin).toBe(true);
    expect((await list('', superAdmin.headers)).statusCode).toBe(200);
    expect((await patch(role.id, { verified_by_admin: false }, superAdmin.headers)).statusCode).toBe(200);
  });

  it('lists roles with the member name and matric number, unverified first, with search and paging', async () => {
    const a = await createMember(t.app, { name: 'Oluwaseun Adebayo', matric_number: 'AE/20/4411', verified: false });
    await createMember(t.app, { name: 'Ngozi Okonkwo', matric_number: 'AE/21/5522' });
    const res = await list('?limit=200');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, limit: 200, offset: 0 });
    expect(body.total).toBe(body.data.length);
    const first = body.data[0];
    expect(first.verified_by_admin).toBe(false);
    const entry = body.data.find((r: { user_id: string }) => r.user_id === a.id);
    expect(entry).toEqual({
      id: expect.any(String),
      user_id: a.id,
      role_name: 'Members',
      role_type: 'member',
      associated_year_range: null,
      associated_position: null,
      is_current: true,
      verified_by_admin: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      version: 1,
      users: { name: 'Oluwaseun Adebayo', matric_number: 'AE/20/4411' },
    });
    expect(JSON.stringify(body)).not.toContain('@example.test');

    const names = async (q: string) => (await list(q)).json().data.map((r: { users: { name: string } }) => r.users.name);
    expect(await names('?search=ngozi')).toEqual(['Ngozi Okonkwo']);
    expect(await names('?search=5522')).toEqual(['Ngozi Okonkwo']);
    expect(await names('?search=ae/20/44')).toEqual(['Oluwaseun Adebayo']);
    expect(await names('?search=%25')).toEqual([]); // a literal %, not a wildcard
    expect(await names('?verified=false&search=o')).toContain('Oluwaseun Adebayo');
    expect(await names('?verified=false&search=o')).not.toContain('Ngozi Okonkwo');
    const page = (await list('?limit=1&offset=1')).json();
    expect(page.data).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    expect((await list('?limit=0')).statusCode).toBe(400);
    expect((await list('?limit=1000')).statusCode).toBe(400);
  });

  it('toggles verified_by_admin and is_current independently; the change decides the next vote (a verification only for elections that open after it)', async () => {
    const m = await signedInMember(t.app, { verified: false });
    const role = await roleOf(m.user.id);
    const election = async () => {
      const e = await createElection(t.app);
      const c = await addCandidate(t.app, e.id, (await createMember(t.app)).id, 'President');
      await t.app.electionRecord.settle(e.id); // voting is open: the roll is frozen now
      return () => t.app.inject({ method: 'POST', url: `/api/voting/elections/${e.id}/vote`, headers: m.headers, payload: { candidate_id: c.id, position: 'President' } });
    };
    const voteInOpen = await election();
    expect((await voteInOpen()).json().error).toBe(ELECTION_MSG.notVerified);

    t.clock.advance(60_000);
    const res = await patch(role.id, { verified_by_admin: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().member_role).toMatchObject({ id: role.id, verified_by_admin: true, is_current: true, users: { name: m.user.name } });
    expect(new Date(res.json().member_role.updated_at).getTime()).toBe(t.clock().getTime());
    // Voting in the open election had started: its roll is frozen without this member.
    expect((await voteInOpen()).json().error).toBe(RECORD_MSG.notOnRoll);

    const vote = await election();
    const inactive = await patch(role.id, { is_current: false });
    expect(inactive.json().member_role).toMatchObject({ verified_by_admin: true, is_current: false });
    expect((await vote()).json().error).toBe(ELECTION_MSG.notCurrent);
    await patch(role.id, { is_current: true });
    expect((await vote()).statusCode).toBe(200);
  });

  it('refuses an empty or bad body (400) and unknown ids (404)', async () => {
    const m = await createMember(t.app);
    const role = await roleOf(m.id);
    for (const payload of [{}, { verified_by_admin: 'yes' }, { role_name: 'President' }]) {
      expect((await patch(role.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await patch(role.id, {})).json().error).toBe(ELECTION_MSG.memberRoleNothingToUpdate);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'zzz']) {
      const res = await patch(id, { is_current: false });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(ELECTION_MSG.memberRoleNotFound);
    }
    expect(await roleOf(m.id)).toMatchObject({ verified_by_admin: true, is_current: true });
  });
});
