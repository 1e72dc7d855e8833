// The directory cache (apps/server/src/modules/members/directory-cache.ts): every answer equals
// the one the database gives without the cache, for every visitor alike, and every change to what
// the directory shows is visible with the very next read.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { MembersResponse } from '@aesa/shared/members';
import { membersQuerySchema } from '@aesa/shared/schemas/members';
import { memberRoles, users } from '../src/db/schema.ts';
import { listMembers } from '../src/modules/members/members.service.ts';
import { DIRECTORY_RATE_LIMIT } from '../src/modules/members/members.routes.ts';
import { useTestAppWithMail } from './support/use-test-app.ts';
import { createMember, login, signedInAdmin, signedInMember } from './support/factories.ts';
import { addCandidate, createElection, fastVoters, startSecondApp } from './support/elections.ts';
import { allKeys, insertDirectoryMembers, SECRET_KEYS } from './support/members-data.ts';
import { tokenFromMail } from './support/smtp-sink.ts';

const { t, smtp } = useTestAppWithMail();

beforeAll(async () => {
  await insertDirectoryMembers(t.app, [
    { name: 'Adaeze Okafor', matric_number: 'AEE/19/1234', current_level: '300 Level', enrollment_year: 2019, roles: [{ role_name: 'President' }, { role_name: 'Members' }], skills: ['Aerodynamics'] },
    { name: 'Chinedu Eze', matric_number: 'AEE/20/5678', current_level: '200 Level', enrollment_year: 2020, roles: [{ role_name: 'Members' }], skills: ['CAD Design'] },
    { name: 'Bolaji Adeyemi', matric_number: 'AEE/18/1299', current_level: 'Alumni', enrollment_year: 2018, roles: [{ role_name: 'Members' }] },
    { name: 'Ngozi Level', matric_number: 'AEE/21/0042', current_level: '300', enrollment_year: 2021 },
    { name: 'Nwosu Alumna', matric_number: 'AEE/19/9990', current_level: 'alumni', enrollment_year: 2019 },
    ...Array.from({ length: 20 }, (_, i) => ({ name: `Cache Member ${String(i + 1).padStart(2, '0')}`, current_level: '400 Level', enrollment_year: 2024 })),
  ]);
  // The inserts above were announced by NOTIFY; wait until nothing more is pending.
  await settle();
});

/** Waits until the cache heard every announcement so far (NOTIFY reaches the listener asynchronously). */
async function settle() {
  const before = t.app.directoryCache.generation;
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 25));
    if (t.app.directoryCache.generation === before && i >= 3) return;
  }
}

async function body(query = '', headers: Record<string, string> = {}): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/members${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body;
}
const get = async (query = ''): Promise<MembersResponse> => JSON.parse(await body(query));
const names = (r: MembersResponse) => r.data.map((m) => m.name);

/** The answer straight from the database, as the route built it before the cache. */
async function uncached(query = ''): Promise<string> {
  const q = membersQuerySchema.parse(Object.fromEntries(new URLSearchParams(query.replace(/^\?/, ''))));
  return JSON.stringify({ success: true, ...(await listMembers(t.app.db, q)) });
}

const QUERIES = ['', '?page=2', '?limit=5&page=3', '?search=ada', '?search=1299', '?level=300', '?level=300%20Level', '?level=Alumni', '?role=president', '?role=members&page=1', '?skill=cad', '?year=2024&page=2', '?level=400&year=2024&search=cache', '?search=zzzz'];

describe('directory cache: answers', () => {
  it('is on while the LISTEN connection is up, and keeps what it served', async () => {
    expect(t.app.directoryCache.enabled).toBe(true);
    t.app.directoryCache.invalidate();
    await body('?search=ada');
    expect(t.app.directoryCache.pages.size).toBe(1);
    expect(t.app.directoryCache.totals.size).toBe(1);
    await body('?search=ada&page=2'); // same filter: the total is shared, the page is its own
    expect(t.app.directoryCache.pages.size).toBe(2);
    expect(t.app.directoryCache.totals.size).toBe(1);
  });

  it('answers every query exactly as the database does without the cache, first and second time', async () => {
    t.app.directoryCache.invalidate();
    for (const q of QUERIES) {
      const expected = await uncached(q);
      expect(await body(q), q).toBe(expected); // built (miss)
      expect(await body(q), q).toBe(expected); // served from the cache (hit)
    }
  });

  it('the level filter on the stored level key matches what the old expression matched', async () => {
    const { rows } = await t.app.db.execute<{ n: number }>(sql`select count(*)::int as n from users where password_hash is not null and btrim(lower(current_level), ' level') = '300'`);
    expect((await get('?level=300')).total).toBe(rows[0]!.n);
    expect(names(await get('?level=300'))).toEqual(['Adaeze Okafor', 'Ngozi Level']);
    expect(names(await get('?level=Alumni'))).toEqual(['Bolaji Adeyemi', 'Nwosu Alumna']);
  });

  it('is the same answer for a visitor, a member and an admin, and carries no private field', async () => {
    const member = await signedInMember(t.app);
    const admin = await signedInAdmin(t.app, ['is_super_admin']);
    await settle();
    for (const q of ['', '?search=ada', '?level=Alumni']) {
      const visitor = await body(q);
      expect(await body(q, member.headers)).toBe(visitor);
      expect(await body(q, admin.headers)).toBe(visitor);
      // Whoever asked first, the answer is the one built for nobody in particular.
      t.app.directoryCache.invalidate();
      const adminFirst = await body(q, admin.headers);
      expect(await body(q)).toBe(adminFirst);
      expect(adminFirst).toBe(await uncached(q));
      const keys = allKeys(JSON.parse(adminFirst));
      for (const secret of SECRET_KEYS) expect(keys.has(secret), secret).toBe(false);
    }
  });
});

describe('directory cache: every change through the API shows at once', () => {
  // The database triggers' NOTIFY usually arrives before the next read anyway; here it is muted,
  // so these tests prove that the write route itself drops the cache before answering.
  let heard = 0;
  beforeEach(async () => {
    await settle();
    heard = 0;
    t.app.directoryCache.announced = () => void heard++;
  });
  afterEach(() => {
    delete (t.app.directoryCache as { announced?: unknown }).announced; // back to the class's method
    t.app.directoryCache.invalidate();
  });
  /** Setup written straight to the database (not through a write route): as its NOTIFY would. */
  const setupDone = () => t.app.directoryCache.invalidate();

  it('sign-up is not listed; activation (first password from the e-mailed link) is, on the next read', async () => {
    const before = await get('?search=7391');
    const filtered = await get('?year=2025');
    expect(before.total).toBe(0);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'fresh.member@example.com', matric_number: 'AE/25/7391' } });
    expect(res.statusCode).toBe(200);
    expect(await body('?search=7391')).toBe(await uncached('?search=7391')); // not activated: not listed
    const token = tokenFromMail(await smtp.waitFor('fresh.member@example.com'));
    const total = (await get()).total;
    const set = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password-confirm', payload: { token, new_password: 'first-pass-1' } });
    expect(set.statusCode).toBe(200);
    // No waiting: the very next read.
    const after = await get('?search=7391');
    expect(after.total).toBe(1);
    expect(after.data[0]!.matric_number).toBe('AE/25/7391');
    expect((await get()).total).toBe(total + 1);
    expect((await get('?year=2025')).total).toBe(filtered.total); // its year is not set yet
    expect(await body()).toBe(await uncached());
  });

  it('a profile edit (name, level, year) shows on the next read, in every filter and total', async () => {
    const m = await signedInMember(t.app, { name: 'Zed Original', current_level: '100 Level', enrollment_year: 2022 });
    setupDone();
    expect(names(await get('?search=zed'))).toEqual(['Zed Original']);
    const level500 = (await get('?level=500')).total;
    const year2019 = (await get('?year=2019')).total;
    const res = await t.app.inject({ method: 'PATCH', url: '/api/profile/me', headers: m.headers, payload: { name: 'Zed Renamed', current_level: '500 Level', enrollment_year: 2019 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(names(await get('?search=zed'))).toEqual(['Zed Renamed']);
    expect((await get('?level=500')).total).toBe(level500 + 1);
    expect((await get('?year=2019')).total).toBe(year2019 + 1);
    for (const q of ['?search=zed', '?level=500', '?level=100', '?year=2019', '']) expect(await body(q), q).toBe(await uncached(q));
    // The trigger announced the edit as well (to other processes; muted here).
    for (let i = 0; i < 40 && heard === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(heard).toBeGreaterThan(0);
  });

  it('adding, renaming and removing a skill shows on the next read', async () => {
    const m = await signedInMember(t.app, { name: 'Skilled Sam' });
    setupDone();
    expect((await get('?skill=rocketry')).total).toBe(0);
    const added = await t.app.inject({ method: 'POST', url: '/api/profile/me/skills', headers: m.headers, payload: { skill_name: 'Rocketry' } });
    expect(added.statusCode, added.body).toBeLessThan(300);
    expect(names(await get('?skill=rocketry'))).toEqual(['Skilled Sam']);
    const skillId = (added.json().skill ?? added.json().data).id as string;
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/profile/me/skills/${skillId}`, headers: m.headers, payload: { skill_name: 'Avionics X' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get('?skill=rocketry')).total).toBe(0);
    expect(names(await get('?skill=avionics'))).toEqual(['Skilled Sam']);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/profile/me/skills/${skillId}`, headers: m.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get('?skill=avionics')).total).toBe(0);
  });

  it('a privacy change on a profile item leaves the directory as the database has it (no private item in it)', async () => {
    const m = await signedInMember(t.app, { name: 'Private Priya' });
    setupDone();
    const created = await t.app.inject({ method: 'POST', url: '/api/profile/me/projects', headers: m.headers, payload: { title: 'Secret Rocket', description: 'Hush', start_date: '2024-01-01', privacy: false } });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const projectId = (created.json().project ?? created.json().data).id as string;
    const q = '?search=priya';
    const before = await body(q);
    const toggled = await t.app.inject({ method: 'PATCH', url: `/api/profile/me/projects/${projectId}`, headers: m.headers, payload: { privacy: true } });
    expect(toggled.statusCode, toggled.body).toBe(200);
    const after = await body(q);
    expect(after).toBe(await uncached(q));
    expect(after).toBe(before); // the directory shows no project, public or private
    expect(after).not.toContain('Secret Rocket');
  });

  it("a data admin's role change (is_current) shows in the role filter on the next read", async () => {
    const admin = await signedInAdmin(t.app, ['is_data_admin']);
    const member = await createMember(t.app, { name: 'Treasurer Tobi' });
    const [role] = await t.app.db.insert(memberRoles).values({ user_id: member.id, role_name: 'Treasurer', role_type: 'executive', is_current: true, verified_by_admin: true }).returning();
    setupDone();
    expect(names(await get('?role=treasurer'))).toEqual(['Treasurer Tobi']);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/member-roles/${role!.id}`, headers: { ...admin.headers, 'if-match': `"${role!.version}"` }, payload: { is_current: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('?role=treasurer')).total).toBe(0);
    expect(await body('?role=treasurer')).toBe(await uncached('?role=treasurer'));
  });

  it('a vote or a log-in does not drop the cache; a refused write does not either', async () => {
    const voter = (await fastVoters(t.app, 1))[0]!;
    const member = await createMember(t.app);
    const election = await createElection(t.app);
    const candidate = await addCandidate(t.app, election.id, member.id, 'President');
    setupDone();
    await body('?search=cache');
    const generation = t.app.directoryCache.generation;
    const vote = await t.app.inject({ method: 'POST', url: `/api/voting/elections/${election.id}/vote`, headers: voter.headers, payload: { candidate_id: candidate.id, position: 'President' } });
    expect(vote.statusCode, vote.body).toBe(200);
    await login(t.app, member.matric_number);
    const failed = await t.app.inject({ method: 'POST', url: '/api/auth/token', payload: { matric_number: 'NOBODY', password: 'wrong-pass-1' } });
    expect(failed.statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'PATCH', url: '/api/profile/me', payload: { name: 'x' } });
    expect(refused.statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, 100));
    expect(t.app.directoryCache.generation).toBe(generation);
    expect(t.app.directoryCache.pages.size).toBeGreaterThan(0);
  });

});

describe('directory cache: changes from elsewhere arrive by NOTIFY', () => {
  it('a change that does not touch what the directory shows is not announced', async () => {
    await settle();
    const generation = t.app.directoryCache.generation;
    await t.app.db.update(users).set({ bio: 'Only the bio', updated_at: new Date() }).where(eq(users.name, 'Adaeze Okafor'));
    await new Promise((r) => setTimeout(r, 150));
    expect(t.app.directoryCache.generation).toBe(generation);
  });

  it('a change by another process or a script (straight SQL) reaches the cache by NOTIFY within moments', async () => {
    const [row] = await t.app.db.select().from(users).where(eq(users.name, 'Chinedu Eze'));
    expect(names(await get('?search=chinedu'))).toEqual(['Chinedu Eze']);
    await t.app.db.update(users).set({ name: 'Chinedu Renamed' }).where(eq(users.id, row!.id));
    let seen: string[] = [];
    for (let i = 0; i < 40 && seen[0] !== 'Chinedu Renamed'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      seen = names(await get('?search=chinedu'));
    }
    expect(seen).toEqual(['Chinedu Renamed']);
    // Deleting a user (cascading to roles and skills) too.
    const total = (await get()).total;
    await t.app.db.delete(users).where(eq(users.id, row!.id));
    let now = total;
    for (let i = 0; i < 40 && now === total; i++) {
      await new Promise((r) => setTimeout(r, 25));
      now = (await get()).total;
    }
    expect(now).toBe(total - 1);
  });

  it('a change made through another app process shows in this one within moments (NOTIFY)', async () => {
    const other = await startSecondApp(t);
    try {
      const m = await signedInMember(other.app, { name: 'Far Away Femi' });
      await settle();
      expect(names(await get('?search=femi'))).toEqual(['Far Away Femi']);
      const res = await other.app.inject({ method: 'PATCH', url: '/api/profile/me', headers: m.headers, payload: { name: 'Far Away Folake' } });
      expect(res.statusCode, res.body).toBe(200);
      let seen = names(await get('?search=far away'));
      for (let i = 0; i < 40 && seen[0] !== 'Far Away Folake'; i++) {
        await new Promise((r) => setTimeout(r, 25));
        seen = names(await get('?search=far away'));
      }
      expect(seen).toEqual(['Far Away Folake']);
    } finally {
      await other.close();
    }
  });
});

describe('directory cache: switched off without LISTEN', () => {
  it('reads the database on every request while off, and answers the same', async () => {
    const cache = t.app.directoryCache;
    cache.enabled = false;
    try {
      const q = '?search=cache&page=2';
      expect(await body(q)).toBe(await uncached(q));
      expect(cache.pages.size).toBe(0);
      await t.app.db.update(users).set({ name: 'Cache Member 99' }).where(eq(users.name, 'Cache Member 20'));
      expect(await body(q)).toBe(await uncached(q)); // no announcement needed
      expect(cache.pages.size).toBe(0);
    } finally {
      cache.enabled = true;
    }
  });
});

describe('directory rate limit', () => {
  it(`allows ${DIRECTORY_RATE_LIMIT.max} requests a minute per address (a campus behind one NAT), then 429`, async () => {
    const remoteAddress = '203.0.113.7';
    for (let i = 0; i < DIRECTORY_RATE_LIMIT.max; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/members?search=cache', remoteAddress });
      if (res.statusCode !== 200) throw new Error(`request ${i + 1} answered ${res.statusCode}`);
    }
    const over = await t.app.inject({ method: 'GET', url: '/api/members?search=cache', remoteAddress });
    expect(over.statusCode).toBe(429);
    expect(over.json().success).toBe(false);
    // Another address is not affected.
    expect((await t.app.inject({ method: 'GET', url: '/api/members', remoteAddress: '203.0.113.8' })).statusCode).toBe(200);
  });
});
