import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ELECTION_MSG } from '@aesa/shared/elections';
import { auditLog, ballots, candidates, electionParticipations, elections } from '../src/db/schema.ts';
import { currentVersion } from './support/current-version.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createMember, signedInAdmin, signedInMember } from './support/factories.ts';
import { addCandidate, createElection, fastVoters } from './support/elections.ts';
import { refusal } from './support/refusal.ts';

let t: TestApp;
let electoral: { headers: Record<string, string> };
let superAdmin: { headers: Record<string, string> };
let dataAdmin: { headers: Record<string, string> };
let member: { headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  electoral = await signedInAdmin(t.app, ['is_electoral_admin']);
  superAdmin = await signedInAdmin(t.app, ['is_super_admin']);
  dataAdmin = await signedInAdmin(t.app, ['is_data_admin', 'is_editorial_admin', 'is_event_admin', 'is_email_admin']);
  member = await signedInMember(t.app);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
// A change or delete sends the version of the record as it is when the call is made (decision 054).
const call = async (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url, headers: { ...headers, ...(method === 'PATCH' || method === 'DELETE' ? await currentVersion(t.app, url) : {}) }, payload });
const iso = (offsetHours: number) => new Date(t.clock().getTime() + offsetHours * 3600_000).toISOString();
// Titles are unique among elections that are not archived: each form gets its own.
let formNo = 0;
const form = (o: object = {}) => ({ title: `AESA General Elections ${++formNo}`, description: 'Annual elections', start_time: iso(1), end_time: iso(49), ...o });
/** A window that has not started: candidates can be added and removed only before voting opens. */
const upcoming = () => ({ start_time: new Date(t.clock().getTime() + 3600_000), end_time: new Date(t.clock().getTime() + 48 * 3600_000) });

describe('elections: who may write', () => {
  it('visitor 401, member 403, admin without the electoral flag 403, electoral admin and super admin ok', async () => {
    const target = await createElection(t.app);
    const cand = await createMember(t.app);
    const writes: [Method, string, object | undefined][] = [
      ['POST', '/api/elections', form()],
      ['PATCH', `/api/elections/${target.id}`, { title: 'Renamed' }],
      ['POST', `/api/elections/${target.id}/publish-results`, {}],
      ['POST', `/api/elections/${target.id}/candidates`, { user_id: cand.id, position: 'President' }],
      ['DELETE', `/api/elections/${target.id}`, undefined],
    ];
    for (const [method, url, payload] of writes) {
      expect((await call(method, url, {}, payload)).statusCode, `${method} ${url} visitor`).toBe(401);
      expect((await call(method, url, member.headers, payload)).statusCode, `${method} ${url} member`).toBe(403);
      const denied = await call(method, url, dataAdmin.headers, payload);
      expect(denied.statusCode, `${method} ${url} other admin`).toBe(403);
      expect(denied.json().error).toContain('electoral');
    }
    // Nothing was written by the refused calls.
    expect((await t.app.db.select().from(elections).where(eq(elections.id, target.id)))[0]).toMatchObject({ title: target.title, results_published: false });
    expect(await t.app.db.select().from(candidates).where(eq(candidates.election_id, target.id))).toHaveLength(0);

    for (const [i, who] of [electoral, superAdmin].entries()) {
      // Candidates and deletion before voting opens; results once it has.
      const e = await createElection(t.app, upcoming());
      const open = await createElection(t.app);
      expect((await call('POST', '/api/elections', who.headers, form())).statusCode).toBe(201);
      expect((await call('PATCH', `/api/elections/${e.id}`, who.headers, { title: `Renamed ${i}` })).statusCode).toBe(200);
      expect((await call('POST', `/api/elections/${e.id}/candidates`, who.headers, { user_id: cand.id, position: 'President' })).statusCode).toBe(201);
      expect((await call('POST', `/api/elections/${open.id}/publish-results`, who.headers, {})).statusCode).toBe(200);
      expect((await call('DELETE', `/api/elections/${e.id}`, who.headers)).statusCode).toBe(200);
    }
  });

  it('records admin writes and denials in the audit log', async () => {
    const res = await call('POST', '/api/elections', electoral.headers, form({ title: 'Audited election' }));
    const id = res.json().election.id;
    await call('PATCH', `/api/elections/${id}`, member.headers, { title: 'x' });
    await call('PATCH', `/api/elections/${id}`, dataAdmin.headers, { title: 'x' });
    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.route, '/api/elections'));
    expect(rows.some((r) => r.outcome === 'ok' && (r.details as { title?: string })?.title === 'Audited election')).toBe(true);
    const denied = await t.app.db.select().from(auditLog).where(eq(auditLog.target_id, id));
    expect(denied.map((r) => r.outcome)).toContain('denied');
  });
});

describe('elections: the form', () => {
  it('creates an election and answers it with its computed status', async () => {
    const res = await call('POST', '/api/elections', electoral.headers, form({ title: '  Spring Elections  ', description: '' }));
    expect(res.statusCode).toBe(201);
    const { election } = res.json();
    expect(election).toEqual({
      id: expect.any(String),
      title: 'Spring Elections',
      description: null,
      start_time: iso(1),
      end_time: iso(49),
      is_active: true,
      is_publicly_visible: true,
      results_published: false,
      final_results_published: false,
      voting_opened: false,
      voting_closed: false,
      archived_at: null,
      created_at: expect.any(String),
      status: 'upcoming',
      voter_rule: 'verified',
      session: null,
      version: 1,
    });
    const got = await call('GET', `/api/elections/${election.id}`);
    expect(got.json()).toEqual({ success: true, election: { ...election, candidates: [] } });
  });

  it('requires title, start and end time, and refuses an end before the start', async () => {
    const cases: [object, string][] = [
      [{ title: '' }, ELECTION_MSG.titleRequired],
      [{ title: undefined }, ELECTION_MSG.titleRequired],
      [{ start_time: undefined }, ELECTION_MSG.startRequired],
      [{ end_time: '' }, ELECTION_MSG.endRequired],
      [{ start_time: 'next tuesday' }, ELECTION_MSG.dateInvalid],
      [{ start_time: '2026-03-01T09:00' }, ELECTION_MSG.dateInvalid], // no zone: ambiguous
    ];
    // The rule with a code of its own: the answer names it and the field it is about.
    const endBeforeStart = [{ start_time: iso(5), end_time: iso(2) }, { start_time: iso(5), end_time: iso(5) }];
    const [{ n: before }] = (await t.app.db.select({ n: count() }).from(elections)) as [{ n: number }];
    for (const [patch, message] of cases) {
      const res = await call('POST', '/api/elections', electoral.headers, form(patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json()).toEqual(refusal(message));
    }
    for (const patch of endBeforeStart) {
      const res = await call('POST', '/api/elections', electoral.headers, form(patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json()).toEqual(refusal(ELECTION_MSG.endBeforeStart, 'ELECTION_END_BEFORE_START', { field: 'end_time' }));
    }
    const [{ n: after }] = (await t.app.db.select({ n: count() }).from(elections)) as [{ n: number }];
    expect(after).toBe(before);
  });

  it('PATCH changes only what is sent and checks end after start on the merged window', async () => {
    const e = (await call('POST', '/api/elections', electoral.headers, form())).json().election;
    const bad = await call('PATCH', `/api/elections/${e.id}`, electoral.headers, { end_time: iso(0) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(ELECTION_MSG.endBeforeStart);
    const ok = await call('PATCH', `/api/elections/${e.id}`, electoral.headers, { description: 'New words', start_time: iso(-1) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().election).toMatchObject({ title: e.title, description: 'New words', start_time: iso(-1), end_time: e.end_time, status: 'active' });
    expect((await call('PATCH', `/api/elections/${e.id}`, electoral.headers, { results_published: true })).json().election.results_published).toBe(false);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const [method, url] of [
        ['GET', `/api/elections/${id}`],
        ['PATCH', `/api/elections/${id}`],
        ['DELETE', `/api/elections/${id}`],
        ['POST', `/api/elections/${id}/publish-results`],
        ['GET', `/api/elections/${id}/candidates`],
      ] as [Method, string][]) {
        const res = await call(method, url, electoral.headers, method === 'PATCH' ? { title: 'x' } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error).toBe(ELECTION_MSG.electionNotFound);
      }
    }
  });
});

describe('elections: hostile input', () => {
  it('a NUL character in a path or a body is never a 500: refused or dropped, and audited safely', async () => {
    const denied = await call('DELETE', '/api/elections/%3a%00/candidates/%00', member.headers);
    expect(denied.statusCode).toBe(403);
    const unknown = await call('DELETE', '/api/elections/%3a%00/candidates/%00', electoral.headers);
    expect(unknown.statusCode).toBe(404);
    const created = await call('POST', '/api/elections', electoral.headers, form({ title: 'Bad\u0000Title', description: '\u0000', extra: { 'k\u0000': 'v\u0000' } }));
    expect(created.statusCode).toBe(201);
    expect(created.json().election).toMatchObject({ title: 'BadTitle', description: null });
    const roles = await call('GET', '/api/admin/member-roles?search=%00', superAdmin.headers);
    expect(roles.statusCode).toBe(200);
  });
});

describe('elections: visibility', () => {
  it('hides elections that are not publicly visible from everyone but electoral admins', async () => {
    const hidden = await createElection(t.app, { title: 'Hidden draft', is_publicly_visible: false });
    const titles = (h: Record<string, string>) => call('GET', '/api/elections', h).then((r) => r.json().elections.map((e: { title: string }) => e.title));
    expect(await titles({})).not.toContain('Hidden draft');
    expect(await titles(member.headers)).not.toContain('Hidden draft');
    expect(await titles(dataAdmin.headers)).not.toContain('Hidden draft');
    expect(await titles(electoral.headers)).toContain('Hidden draft');
    expect((await call('GET', `/api/elections/${hidden.id}`, member.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/elections/${hidden.id}/candidates`)).statusCode).toBe(404);
    expect((await call('GET', `/api/elections/${hidden.id}`, electoral.headers)).statusCode).toBe(200);
  });

  it('shows candidates publicly without e-mail or matric number; electoral admins see the matric number, never the e-mail', async () => {
    const e = await createElection(t.app, upcoming());
    const m = await createMember(t.app, { name: 'Adaeze Okafor' });
    await call('POST', `/api/elections/${e.id}/candidates`, electoral.headers, { user_id: m.id, position: 'Treasurer', manifesto: 'Transparent accounts' });
    for (const headers of [{}, member.headers, dataAdmin.headers]) {
      const [c] = (await call('GET', `/api/elections/${e.id}/candidates`, headers)).json().candidates;
      expect(c.users).toEqual({ name: 'Adaeze Okafor', profile_image_url: null, bio: null });
      expect(JSON.stringify(c)).not.toContain(m.email);
      expect(c).not.toHaveProperty('vote_count');
    }
    const [c] = (await call('GET', `/api/elections/${e.id}/candidates`, electoral.headers)).json().candidates;
    expect(c).toEqual({
      id: expect.any(String),
      election_id: e.id,
      user_id: m.id,
      position: 'Treasurer',
      manifesto: 'Transparent accounts',
      candidate_image_url: null,
      version: 1,
      users: { name: 'Adaeze Okafor', profile_image_url: null, bio: null, matric_number: m.matric_number },
    });
    const detail = (await call('GET', `/api/elections/${e.id}`)).json().election;
    expect(detail.candidates).toHaveLength(1);
    expect(detail.candidates[0].users).not.toHaveProperty('email');
    const added = (await call('POST', `/api/elections/${e.id}/candidates`, electoral.headers, { user_id: (await createMember(t.app)).id, position: 'President' })).json();
    expect(added.candidate.users).not.toHaveProperty('email');
  });
});

describe('candidates', () => {
  it('adds an existing member to one of the ten positions; lists candidates in voting order', async () => {
    const e = await createElection(t.app, upcoming());
    const a = await createMember(t.app, { name: 'Zainab Bello' });
    const b = await createMember(t.app, { name: 'Chinedu Eze' });
    const res = await call('POST', `/api/elections/${e.id}/candidates`, electoral.headers, { user_id: a.id, position: 'Sports Director', candidate_image_url: '/uploads/candidate/zb.webp' });
    expect(res.statusCode).toBe(201);
    expect(res.json().candidate).toMatchObject({ user_id: a.id, position: 'Sports Director', candidate_image_url: '/uploads/candidate/zb.webp', manifesto: null });
    await call('POST', `/api/elections/${e.id}/candidates`, electoral.headers, { user_id: b.id, position: 'President' });
    const list = (await call('GET', `/api/elections/${e.id}/candidates`)).json().candidates;
    expect(list.map((c: { position: string }) => c.position)).toEqual(['President', 'Sports Director']);
  });

  it('refuses a member standing twice in one election with 409 and a clear message', async () => {
    const e = await createElection(t.app, upcoming());
    const m = await createMember(t.app, { name: 'Tunde Bakare' });
    expect((await call('POST', `/api/elections/${e.id}/candidates`, electoral.headers, { user_id: m.id, position: 'President' })).statusCode).toBe(201);
    const again = await call('POST', `/api/elections/${e.id}/candidates`, electoral.headers, { user_id: m.id, position: 'Treasurer' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ELECTION_MSG.alreadyStanding('Tunde Bakare', 'President'));
    expect(await t.app.db.select().from(candidates).where(eq(candidates.election_id, e.id))).toHaveLength(1);
    // The same member may stand in another election.
    const other = await createElection(t.app, upcoming());
    expect((await call('POST', `/api/elections/${other.id}/candidates`, electoral.headers, { user_id: m.id, position: 'Treasurer' })).statusCode).toBe(201);
  });

  it('refuses unknown members, unknown positions and unsafe image URLs', async () => {
    const e = await createElection(t.app);
    const m = await createMember(t.app);
    const cases: [object, number, string][] = [
      [{ user_id: '00000000-0000-4000-8000-000000000000', position: 'President' }, 404, ELECTION_MSG.memberNotFound],
      [{ user_id: 'nobody', position: 'President' }, 400, ELECTION_MSG.memberNotFound],
      [{ user_id: m.id, position: 'Academic Director' }, 400, ELECTION_MSG.positionInvalid],
      [{ user_id: m.id }, 400, ELECTION_MSG.positionInvalid],
      [{ user_id: m.id, position: 'President', candidate_image_url: 'javascript:alert(1)' }, 400, ELECTION_MSG.urlInvalid],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call('POST', `/api/elections/${e.id}/candidates`, electoral.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error).toBe(message);
    }
    const missing = await call('POST', '/api/elections/00000000-0000-4000-8000-000000000000/candidates', electoral.headers, { user_id: m.id, position: 'President' });
    expect(missing.statusCode).toBe(404);
    expect(await t.app.db.select().from(candidates).where(eq(candidates.election_id, e.id))).toHaveLength(0);
  });

  it('edits a candidate; a candidate of another election is not found', async () => {
    const e = await createElection(t.app, upcoming());
    const other = await createElection(t.app, upcoming());
    const m = await createMember(t.app);
    const c = await addCandidate(t.app, e.id, m.id, 'Treasurer');
    const res = await call('PATCH', `/api/elections/${e.id}/candidates/${c.id}`, electoral.headers, { position: 'Financial Secretary', manifesto: 'Every kobo accounted for' });
    expect(res.statusCode).toBe(200);
    expect(res.json().candidate).toMatchObject({ id: c.id, position: 'Financial Secretary', manifesto: 'Every kobo accounted for' });
    expect((await call('PATCH', `/api/elections/${other.id}/candidates/${c.id}`, electoral.headers, { manifesto: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/elections/${other.id}/candidates/${c.id}`, electoral.headers)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/elections/${e.id}/candidates/${c.id}`, electoral.headers, { position: 'Chief' })).statusCode).toBe(400);
  });

  it('never loses or moves a vote: a candidate with votes cannot be removed or change position (409)', async () => {
    const e = await createElection(t.app);
    const m = await createMember(t.app);
    const c = await addCandidate(t.app, e.id, m.id, 'President');
    const [voter] = await fastVoters(t.app, 1);
    const vote = await call('POST', `/api/voting/elections/${e.id}/vote`, voter!.headers, { candidate_id: c.id, position: 'President' });
    expect(vote.statusCode).toBe(200);

    const move = await call('PATCH', `/api/elections/${e.id}/candidates/${c.id}`, electoral.headers, { position: 'Treasurer' });
    expect(move.statusCode).toBe(409);
    expect(move.json().error).toBe(ELECTION_MSG.candidateHasVotes);
    const remove = await call('DELETE', `/api/elections/${e.id}/candidates/${c.id}`, electoral.headers);
    expect(remove.statusCode).toBe(409);
    // Other edits remain possible.
    expect((await call('PATCH', `/api/elections/${e.id}/candidates/${c.id}`, electoral.headers, { manifesto: 'Updated', position: 'President' })).statusCode).toBe(200);
    expect(await t.app.db.select().from(ballots).where(eq(ballots.candidate_id, c.id))).toHaveLength(1);

    // Without votes, removal works before voting opens (after, candidates stay: election-lifecycle.test.ts).
    const before = await createElection(t.app, upcoming());
    const d = await addCandidate(t.app, before.id, (await createMember(t.app)).id, 'President');
    expect((await call('DELETE', `/api/elections/${before.id}/candidates/${d.id}`, electoral.headers)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/elections/${before.id}/candidates/${d.id}`, electoral.headers)).statusCode).toBe(404);
  });

  it('deleting an election before voting opens removes its candidates; once votes exist it is refused and they stay', async () => {
    const e = await createElection(t.app, upcoming());
    await addCandidate(t.app, e.id, (await createMember(t.app)).id, 'President');
    const res = await call('DELETE', `/api/elections/${e.id}`, electoral.headers);
    expect(res.json()).toEqual({ success: true, message: ELECTION_MSG.electionDeleted });
    expect(await t.app.db.select().from(elections).where(eq(elections.id, e.id))).toHaveLength(0);
    expect(await t.app.db.select().from(candidates).where(eq(candidates.election_id, e.id))).toHaveLength(0);

    const opened = await createElection(t.app);
    const c = await addCandidate(t.app, opened.id, (await createMember(t.app)).id, 'President');
    const voters = await fastVoters(t.app, 3);
    for (const v of voters) {
      expect((await call('POST', `/api/voting/elections/${opened.id}/vote`, v.headers, { candidate_id: c.id, position: 'President' })).statusCode).toBe(200);
    }
    const refused = await call('DELETE', `/api/elections/${opened.id}`, electoral.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(refusal(ELECTION_MSG.openedNoDelete, 'ELECTION_OPENED_NO_DELETE'));
    expect(await t.app.db.select().from(ballots).where(eq(ballots.election_id, opened.id))).toHaveLength(3);
    expect(await t.app.db.select().from(electionParticipations).where(eq(electionParticipations.election_id, opened.id))).toHaveLength(3);
  });
});

describe('publishing results', () => {
  it('publishes once voting has started, once', async () => {
    const upcoming = await createElection(t.app, { start_time: new Date(t.clock().getTime() + 3600_000) });
    const early = await call('POST', `/api/elections/${upcoming.id}/publish-results`, electoral.headers, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(ELECTION_MSG.resultsBeforeStart);

    const open = await createElection(t.app);
    const res = await call('POST', `/api/elections/${open.id}/publish-results`, electoral.headers, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().election).toMatchObject({ id: open.id, results_published: true, status: 'active' });
    const again = await call('POST', `/api/elections/${open.id}/publish-results`, electoral.headers, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ELECTION_MSG.resultsAlreadyPublished);
  });
});
