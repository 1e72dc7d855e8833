import { beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { POSITIONS } from '@aesa/shared/constants';
import type { ActiveElection } from '@aesa/shared/elections';
import { elections, users } from '../src/db/schema.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { DEMO_ELECTION_TITLE } from '../src/db/seed/elections.ts';
import { type PrintedDemoLogins, seedDemoAndReadLogins } from './support/demo-seed.ts';
import { useTestApp } from './support/use-test-app.ts';
import { login } from './support/factories.ts';

const t = useTestApp();
let logins: PrintedDemoLogins;
beforeAll(async () => {
  logins = await seedDemoAndReadLogins(t.app);
});

describe('demo election seed', () => {
  it('seeds an open election with real member candidates: Sports Director none, PRO unopposed, others 2-3', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/voting/elections/active' });
    const [election] = res.json().active_elections as ActiveElection[];
    expect(election).toMatchObject({ title: DEMO_ELECTION_TITLE, status: 'active', is_active: true, results_published: false });
    expect(new Date(election!.start_time).getTime()).toBe(t.clock().getTime() - 3600_000);
    expect(new Date(election!.end_time).getTime()).toBe(t.clock().getTime() + 7 * 24 * 3600_000);
    const perPosition = Object.fromEntries(POSITIONS.map((p) => [p, election!.candidates.filter((c) => c.position === p).length]));
    expect(perPosition['Sports Director']).toBe(0);
    expect(perPosition['Public Relations Officer']).toBe(1);
    for (const p of POSITIONS.filter((p) => p !== 'Sports Director' && p !== 'Public Relations Officer')) {
      expect(perPosition[p], p).toBeGreaterThanOrEqual(2);
      expect(perPosition[p], p).toBeLessThanOrEqual(3);
    }
    const memberIds = new Set((await t.app.db.select({ id: users.id }).from(users)).map((u) => u.id));
    for (const c of election!.candidates) {
      expect(c.users.name.length).toBeGreaterThan(3);
      expect(c.manifesto).toBeTruthy();
      expect(memberIds.has(c.user_id)).toBe(true);
    }
    expect(new Set(election!.candidates.map((c) => c.user_id)).size).toBe(election!.candidates.length);
  });

  it('keeps tallies equal to the votes, and the demo admin and demo members can vote', async () => {
    const { rows } = await t.database.pool.query(`select c.vote_count, (select count(*)::int from ballots b where b.candidate_id = c.id) as n from candidates c`);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.vote_count).toBe(r.n);
    expect(rows.reduce((s, r) => s + r.n, 0)).toBeGreaterThan(0);

    const [election] = (await t.app.inject({ method: 'GET', url: '/api/voting/elections/active' })).json().active_elections as ActiveElection[];
    const president = election!.candidates.find((c) => c.position === 'President')!;
    const adminToken = await login(t.app, logins.admin.matric, logins.admin.password);
    const vote = await t.app.inject({ method: 'POST', url: `/api/voting/elections/${election!.id}/vote`, headers: { authorization: `Bearer ${adminToken}` }, payload: { candidate_id: president.id, position: 'President' } });
    expect(vote.statusCode).toBe(200);

    const { rows: nonVoters } = await t.database.pool.query(
      `select u.matric_number from users u
       where u.password_hash is not null
         and exists (select 1 from member_roles r where r.user_id = u.id and r.is_current and r.verified_by_admin)
         and not exists (select 1 from admin_users a where a.user_id = u.id)
         and not exists (select 1 from election_participations p where p.member_id = u.id and p.position = 'Treasurer')
       order by u.matric_number limit 1`,
    );
    const memberToken = await login(t.app, nonVoters[0].matric_number, logins.memberPassword);
    const treasurer = election!.candidates.find((c) => c.position === 'Treasurer')!;
    const memberVote = await t.app.inject({ method: 'POST', url: `/api/voting/elections/${election!.id}/vote`, headers: { authorization: `Bearer ${memberToken}` }, payload: { candidate_id: treasurer.id, position: 'Treasurer' } });
    expect(memberVote.statusCode).toBe(200);
  });

  it('runs only on an empty database', async () => {
    await seedDemo(t.app, () => {});
    const [{ n }] = (await t.app.db.select({ n: count() }).from(elections)) as [{ n: number }];
    expect(n).toBe(1);
  });
});
