import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { demoAccounts, userSkills } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createMember, signedInAdmin, signedInMember } from './support/factories.ts';

let t: TestApp;
let adminH: Record<string, string>;
let mailAdminH: Record<string, string>;
// Letters first: a digits-only search means a matric number, and this tag is searched as a name.
const tag = `t${randomUUID().slice(0, 6)}`;
let ngozi: Awaited<ReturnType<typeof createMember>>;
let musa: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  t = await createTestApp();
  adminH = (await signedInAdmin(t.app, ['is_event_admin'])).headers;
  mailAdminH = (await signedInAdmin(t.app, ['is_email_admin'])).headers;
  ngozi = await createMember(t.app, { name: `Ngozi Umeh ${tag}`, email: `ngozi.${tag}@uni.test`, matric_number: 'AE/21/40417', current_level: '400 Level', enrollment_year: 2021 });
  musa = await createMember(t.app, { name: `Musa Bello ${tag}`, email: `mbello.${tag}@uni.test`, matric_number: 'AE/22/30988', current_level: '300 Level' });
  await t.app.db.insert(userSkills).values([
    { user_id: ngozi.id, skill_name: 'CFD' },
    { user_id: ngozi.id, skill_name: 'MATLAB' },
    { user_id: musa.id, skill_name: 'Drone Building' },
  ]);
});
afterAll(() => t.close());

const pick = (query: string, headers = adminH) => t.app.inject({ method: 'GET', url: `/api/admin/picker/users?${query}`, headers });
const ids = async (query: string, headers = adminH) => (await pick(query, headers)).json().users.map((u: { id: string }) => u.id);

describe('GET /api/admin/picker/users', () => {
  it('digits-only text matches the matric number by substring; other text matches name or e-mail, case-insensitively', async () => {
    expect(await ids('search=4041')).toEqual([ngozi.id]);
    expect(await ids('search=0988')).toEqual([musa.id]);
    expect(await ids(`search=${encodeURIComponent(`NGOZI UMEH ${tag}`)}`)).toEqual([ngozi.id]);
    expect(await ids(`search=MBELLO.${tag}`, mailAdminH)).toEqual([musa.id]); // e-mail: for those who may read it
    expect(await ids(`search=${tag}`)).toEqual([musa.id, ngozi.id]); // by name
    expect(await ids('search=%25')).toEqual([]); // a literal %, not a wildcard
  });

  it('filters by level and skill, answers the picker fields, and is capped', async () => {
    const res = await pick(`search=${tag}&level=400`);
    expect(res.json().users).toEqual([
      { id: ngozi.id, name: ngozi.name, matric_number: 'AE/21/40417', current_level: '400 Level', enrollment_year: 2021, version: 1, user_skills: [{ skill_name: 'CFD' }, { skill_name: 'MATLAB' }], profile_image_url: null },
    ]);
    expect(await ids(`search=${tag}&skill=drone`)).toEqual([musa.id]);
    expect(await ids(`search=${tag}&level=300&skill=cfd`)).toEqual([]);
    for (let i = 0; i < 55; i++) await t.app.db.execute(sql`insert into users (email, matric_number, name) values (${`bulk${i}.${tag}@uni.test`}, ${`BULK/${tag}/${i}`}, ${`Bulk ${tag} ${i}`})`);
    expect((await pick(`search=bulk`)).json().users).toHaveLength(50);
    expect((await pick('limit=51')).statusCode).toBe(400);
  });

  it('any admin may pick; a member without an admin role gets 403, a visitor 401', async () => {
    const data = await signedInAdmin(t.app, ['is_data_admin']);
    expect((await pick('search=a', data.headers)).statusCode).toBe(200);
    const m = await signedInMember(t.app);
    expect((await pick('search=a', m.headers)).statusCode).toBe(403);
    expect((await pick('search=a', {})).statusCode).toBe(401);
  });

  it('e-mail addresses only for super, communications and data admins; the others can neither read nor search by them', async () => {
    const kinds = {
      super: ['is_super_admin'],
      communications: ['is_email_admin'],
      data: ['is_data_admin'],
      electoral: ['is_electoral_admin'],
      editorial: ['is_editorial_admin'],
      event: ['is_event_admin'],
    } as const;
    for (const [kind, flags] of Object.entries(kinds)) {
      const h = (await signedInAdmin(t.app, [...flags])).headers;
      const res = await pick(`search=${encodeURIComponent(`Ngozi Umeh ${tag}`)}`, h);
      expect(res.statusCode, kind).toBe(200);
      const [row] = res.json().users;
      const mayRead = kind === 'super' || kind === 'communications' || kind === 'data';
      if (mayRead) expect(row.email, kind).toBe(ngozi.email);
      else {
        expect(row, kind).not.toHaveProperty('email');
        expect(res.body, kind).not.toContain(ngozi.email);
        expect(row.matric_number, kind).toBe('AE/21/40417');
      }
      // Searching by the address would confirm whose it is: it matches only for those who may read it.
      expect(await ids(`search=${encodeURIComponent(ngozi.email)}`, h), kind).toEqual(mayRead ? [ngozi.id] : []);
    }
  });

  it('never offers the demo super admin (a login for trying the admin area); demo members stay pickable', async () => {
    const demoAdmin = await createMember(t.app, { name: `Demo Admin ${tag}` });
    const demoMember = await createMember(t.app, { name: `Demo Member ${tag}` });
    await t.app.db.insert(demoAccounts).values([
      { user_id: demoAdmin.id, kind: 'admin' },
      { user_id: demoMember.id, kind: 'member' },
    ]);
    expect(await ids(`search=${encodeURIComponent(`Demo Admin ${tag}`)}`)).toEqual([]);
    expect(await ids(`search=${encodeURIComponent(`Demo Member ${tag}`)}`)).toEqual([demoMember.id]);
  });
});
