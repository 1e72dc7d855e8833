import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { ELECTION_MSG } from '@aesa/shared/elections';
import { RECORD_MSG } from '@aesa/shared/election-record';
import { auditLog, ballots, candidates, electionParticipations, memberRoles, sessions } from '../src/db/schema.ts';
import { SERVER_MSG } from '@aesa/shared/messages';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createMember, signedInAdmin } from './support/factories.ts';
import { addCandidate, createElection, fastVoters, listen, startSecondApp } from './support/elections.ts';
import { refusal } from './support/refusal.ts';
import { waitUntilBlockedBy } from './support/lock-wait.ts';
import type { ErrorCode } from '@aesa/shared/error-codes';

let t: TestApp;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const vote = (electionId: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/voting/elections/${electionId}/vote`, headers, payload });

/** An open election with two presidential candidates and one treasurer. */
async function openElection(o: Parameters<typeof createElection>[1] = {}) {
  const election = await createElection(t.app, o);
  const president1 = await addCandidate(t.app, election.id, (await createMember(t.app, { name: 'Amaka Obi' })).id, 'President');
  const president2 = await addCandidate(t.app, election.id, (await createMember(t.app, { name: 'Bayo Adeyemi' })).id, 'President');
  const treasurer = await addCandidate(t.app, election.id, (await createMember(t.app, { name: 'Chioma Nwosu' })).id, 'Treasurer');
  return { election, president1, president2, treasurer };
}

const tally = async (candidateId: string) => (await t.app.db.select({ n: candidates.vote_count }).from(candidates).where(eq(candidates.id, candidateId)))[0]!.n;
/** The election's ballots; every test also checks there is exactly one participation per ballot. */
const storedVotes = async (electionId: string) => {
  const stored = await t.app.db.select().from(ballots).where(eq(ballots.election_id, electionId));
  const taken = await t.app.db.select().from(electionParticipations).where(eq(electionParticipations.election_id, electionId));
  expect(taken.length, 'one participation per ballot').toBe(stored.length);
  return stored;
};
const participations = async (electionId: string) => t.app.db.select().from(electionParticipations).where(eq(electionParticipations.election_id, electionId));
const RECEIPT = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

describe('voting: the rules', () => {
  it('records a vote, raises the tally and announces the position', async () => {
    const { election, president1 } = await openElection();
    const [voter] = await fastVoters(t.app, 1);
    const res = await vote(election.id, voter!.headers, { candidate_id: president1.id, position: 'President' });
    expect(res.statusCode).toBe(200);
    const { receipt } = res.json();
    expect(receipt).toMatch(RECEIPT);
    expect(res.json()).toEqual({
      success: true,
      message: ELECTION_MSG.voteRecorded('President'),
      vote: { election_id: election.id, candidate_id: president1.id, position: 'President' },
      receipt,
    });
    expect(await tally(president1.id)).toBe(1);
    // The participation says who took part and when (to 10 minutes); the ballot what was chosen.
    const bin = new Date(Math.floor(t.clock().getTime() / 600_000) * 600_000);
    expect(await participations(election.id)).toEqual([{ election_id: election.id, member_id: voter!.user.id, position: 'President', voted_period: bin }]);
    expect(await storedVotes(election.id)).toEqual([{ id: expect.any(String), election_id: election.id, position: 'President', candidate_id: president1.id, receipt }]);
  });

  it('a second vote for the same position is refused with 409, for the same or another candidate; other positions stay open', async () => {
    const { election, president1, president2, treasurer } = await openElection();
    const [voter] = await fastVoters(t.app, 1);
    expect((await vote(election.id, voter!.headers, { candidate_id: president1.id, position: 'President' })).statusCode).toBe(200);
    for (const candidate of [president1, president2]) {
      const again = await vote(election.id, voter!.headers, { candidate_id: candidate.id, position: 'President' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(refusal(ELECTION_MSG.alreadyVoted('President'), 'VOTE_ALREADY_CAST', { params: ['President'] }));
    }
    expect((await vote(election.id, voter!.headers, { candidate_id: treasurer.id, position: 'Treasurer' })).statusCode).toBe(200);
    expect(await tally(president1.id)).toBe(1);
    expect(await tally(president2.id)).toBe(0);
    expect(await storedVotes(election.id)).toHaveLength(2);
  });

  it('is open from start to end inclusive by the server clock: 403 before and after', async () => {
    const start = new Date(t.clock().getTime() + HOUR);
    const end = new Date(start.getTime() + 2 * HOUR);
    const { election, president1, president2, treasurer } = await openElection({ start_time: start, end_time: end });
    const [a, b, c, d] = await fastVoters(t.app, 4);
    const now = t.clock();
    try {
      t.clock.set(new Date(start.getTime() - 1));
      const early = await vote(election.id, a!.headers, { candidate_id: president1.id, position: 'President' });
      expect(early.statusCode).toBe(403);
      expect(early.json().error).toBe(ELECTION_MSG.notStarted);

      t.clock.set(start);
      expect((await vote(election.id, b!.headers, { candidate_id: president1.id, position: 'President' })).statusCode).toBe(200);
      t.clock.set(end);
      expect((await vote(election.id, c!.headers, { candidate_id: president2.id, position: 'President' })).statusCode).toBe(200);

      t.clock.set(new Date(end.getTime() + 1));
      const late = await vote(election.id, d!.headers, { candidate_id: treasurer.id, position: 'Treasurer' });
      expect(late.statusCode).toBe(403);
      expect(late.json().error).toBe(ELECTION_MSG.ended);
    } finally {
      t.clock.set(now);
    }
    expect(await storedVotes(election.id)).toHaveLength(2);
    expect(await tally(treasurer.id)).toBe(0);
  });

  it('refuses an election that is not active (403) and one that is hidden or unknown (404)', async () => {
    const inactive = await openElection({ is_active: false });
    const hidden = await openElection({ is_publicly_visible: false });
    const [voter] = await fastVoters(t.app, 1);
    const a = await vote(inactive.election.id, voter!.headers, { candidate_id: inactive.president1.id, position: 'President' });
    expect(a.statusCode).toBe(403);
    expect(a.json().error).toBe(ELECTION_MSG.notActive);
    const b = await vote(hidden.election.id, voter!.headers, { candidate_id: hidden.president1.id, position: 'President' });
    expect(b.statusCode).toBe(404);
    expect(b.json().error).toBe(ELECTION_MSG.electionNotFound);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const c = await vote(id, voter!.headers, { candidate_id: inactive.president1.id, position: 'President' });
      expect(c.statusCode).toBe(404);
      expect(c.json().error).toBe(ELECTION_MSG.electionNotFound);
    }
  });

  it('refuses an unknown candidate (404), a candidate of another election or position (400) and a bad body (400)', async () => {
    const { election, president1, treasurer } = await openElection();
    const other = await openElection();
    const [voter] = await fastVoters(t.app, 1);
    const cases: [object, number, string, ErrorCode?][] = [
      [{ candidate_id: '00000000-0000-4000-8000-000000000000', position: 'President' }, 404, ELECTION_MSG.candidateNotFound, 'CANDIDATE_NOT_FOUND'],
      [{ candidate_id: other.president1.id, position: 'President' }, 400, ELECTION_MSG.candidateNotInElection, 'VOTE_CANDIDATE_NOT_IN_ELECTION'],
      [{ candidate_id: treasurer.id, position: 'President' }, 400, ELECTION_MSG.candidateWrongPosition('President'), 'VOTE_CANDIDATE_WRONG_POSITION'],
      [{ candidate_id: president1.id, position: 'Treasurer' }, 400, ELECTION_MSG.candidateWrongPosition('Treasurer'), 'VOTE_CANDIDATE_WRONG_POSITION'],
      [{ candidate_id: president1.id, position: 'Emperor' }, 400, ELECTION_MSG.positionInvalid],
      [{ candidate_id: president1.id }, 400, ELECTION_MSG.positionInvalid],
      [{ candidate_id: 'x', position: 'President' }, 400, ELECTION_MSG.candidateRequired],
      [{ position: 'President' }, 400, ELECTION_MSG.candidateRequired],
    ];
    for (const [payload, status, message, code] of cases) {
      const res = await vote(election.id, voter!.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toEqual(refusal(message, code));
    }
    expect(await storedVotes(election.id)).toHaveLength(0);
    expect(await storedVotes(other.election.id)).toHaveLength(0);
  });

  it('only signed-in, current, admin-verified members vote', async () => {
    const { election, president1 } = await openElection();
    const visitor = await vote(election.id, {}, { candidate_id: president1.id, position: 'President' });
    expect(visitor.statusCode).toBe(401);

    const [unverified] = await fastVoters(t.app, 1, { verified: false });
    const a = await vote(election.id, unverified!.headers, { candidate_id: president1.id, position: 'President' });
    expect(a.statusCode).toBe(403);
    expect(a.json().error).toBe(ELECTION_MSG.notVerified);

    const [former] = await fastVoters(t.app, 1, { verified: true, current: false });
    const b = await vote(election.id, former!.headers, { candidate_id: president1.id, position: 'President' });
    expect(b.statusCode).toBe(403);
    expect(b.json().error).toBe(ELECTION_MSG.notCurrent);

    const [roleless] = await fastVoters(t.app, 1);
    await t.app.db.delete(memberRoles).where(eq(memberRoles.user_id, roleless!.user.id));
    expect((await vote(election.id, roleless!.headers, { candidate_id: president1.id, position: 'President' })).json().error).toBe(ELECTION_MSG.notCurrent);

    // Verification by an admin after voting opened does not put the member on the frozen roll;
    // for the next election it does.
    await t.app.db.update(memberRoles).set({ verified_by_admin: true }).where(eq(memberRoles.user_id, unverified!.user.id));
    const late = await vote(election.id, unverified!.headers, { candidate_id: president1.id, position: 'President' });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual(refusal(RECORD_MSG.notOnRoll, 'VOTE_NOT_ON_ROLL'));
    expect(await tally(president1.id)).toBe(0);
    const next = await openElection();
    expect((await vote(next.election.id, unverified!.headers, { candidate_id: next.president1.id, position: 'President' })).statusCode).toBe(200);
    expect(await tally(next.president1.id)).toBe(1);
  });

  it('checks the session in the vote statement itself: unknown, signed out, expired or idle sessions get 401 and nothing is written', async () => {
    const { election, president1 } = await openElection();
    const [signedOut, expired, active] = await fastVoters(t.app, 3); // on the roll, which freezes at the first vote
    const admin = await signedInAdmin(t.app, ['is_electoral_admin']);
    const ballot = { candidate_id: president1.id, position: 'President' };
    const unauthenticated = (res: Awaited<ReturnType<typeof vote>>, name: string) => {
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toEqual(refusal(SERVER_MSG.notAuthenticated, 'UNAUTHENTICATED'));
    };
    unauthenticated(await vote(election.id, { authorization: `Bearer ${'x'.repeat(43)}` }, ballot), 'unknown token');
    unauthenticated(await vote(election.id, { authorization: 'Bearer not a token' }, ballot), 'malformed token');

    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: signedOut!.headers })).statusCode).toBe(200);
    unauthenticated(await vote(election.id, signedOut!.headers, ballot), 'signed out');
    await t.app.db.update(sessions).set({ expires_at: new Date(t.clock().getTime() - 1) }).where(eq(sessions.user_id, expired!.user.id));
    unauthenticated(await vote(election.id, expired!.headers, ballot), 'past its absolute expiry');
    expect(await storedVotes(election.id)).toHaveLength(0);

    // An admin's session ends after 2 idle hours (a member's after 24): the vote's lookup keeps
    // the rule, and counts as activity like any other call.
    const now = t.clock();
    try {
      t.clock.set(new Date(now.getTime() + 2 * HOUR + 1000));
      unauthenticated(await vote(election.id, admin.headers, ballot), 'admin idle for 2 hours');
      expect((await vote(election.id, active!.headers, ballot)).statusCode).toBe(200);
      const [seen] = await t.app.db.select({ at: sessions.last_seen_at }).from(sessions).where(eq(sessions.user_id, active!.user.id));
      expect(seen!.at.getTime()).toBe(t.clock().getTime());
    } finally {
      t.clock.set(now);
    }
    expect(await storedVotes(election.id)).toHaveLength(1);
    expect(await tally(president1.id)).toBe(1);
  });

  it('never writes a vote into the audit log, and offers no way to change or delete a vote', async () => {
    const { election, president1 } = await openElection();
    const admin = await signedInAdmin(t.app, ['is_super_admin']);
    expect((await vote(election.id, admin.headers, { candidate_id: president1.id, position: 'President' })).statusCode).toBe(200);
    const logged = await t.app.db.select().from(auditLog).where(like(auditLog.route, '%vote%'));
    expect(logged).toHaveLength(0);
    const allDetails = await t.app.db.select({ d: sql<string>`coalesce(${auditLog.details}::text, '')` }).from(auditLog);
    expect(allDetails.some((r) => r.d.includes(president1.id))).toBe(false);
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/voting/elections/${election.id}/vote`, headers: admin.headers, payload: { candidate_id: president1.id, position: 'President' } });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('voting: races', () => {
  it('50 simultaneous votes of one voter for one position store exactly one (inject)', async () => {
    const { election, president1, president2 } = await openElection();
    const [voter] = await fastVoters(t.app, 1);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => vote(election.id, voter!.headers, { candidate_id: (i % 2 ? president1 : president2).id, position: 'President' })),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(await storedVotes(election.id)).toHaveLength(1);
    expect((await tally(president1.id)) + (await tally(president2.id))).toBe(1);
  });

  it('50 simultaneous votes over real HTTP, each on its own connection and database connection, store exactly one', async () => {
    const { election, president1, president2 } = await openElection();
    const [voter] = await fastVoters(t.app, 1);
    const second = await startSecondApp(t, 50);
    try {
      const base = await listen(second.app);
      const post = (candidateId: string) =>
        new Promise<number>((resolve, reject) => {
          const body = JSON.stringify({ candidate_id: candidateId, position: 'President' });
          const req = http.request(
            `${base}/api/voting/elections/${election.id}/vote`,
            { method: 'POST', agent: false, headers: { ...voter!.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      const codes = await Promise.all(Array.from({ length: 50 }, (_, i) => post((i % 2 ? president1 : president2).id)));
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(49);
    } finally {
      await second.close();
    }
    expect(await storedVotes(election.id)).toHaveLength(1);
    expect((await tally(president1.id)) + (await tally(president2.id))).toBe(1);
  });

  it('many voters at once: every tally equals its count of votes', async () => {
    const { election, president1, president2, treasurer } = await openElection();
    const voters = await fastVoters(t.app, 60);
    const responses = await Promise.all(
      voters.flatMap((v, i) => [
        vote(election.id, v.headers, { candidate_id: (i % 3 ? president1 : president2).id, position: 'President' }),
        vote(election.id, v.headers, { candidate_id: treasurer.id, position: 'Treasurer' }),
      ]),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const { rows } = await t.database.pool.query(
      `select c.id, c.vote_count, (select count(*)::int from ballots b where b.candidate_id = c.id) as n from candidates c where c.election_id = $1`,
      [election.id],
    );
    for (const r of rows) expect(r.vote_count).toBe(r.n);
    expect(await participations(election.id)).toHaveLength(120);
    // Every answer's receipt is a ballot of this election, and no two are alike.
    const receipts = responses.map((r) => r.json().receipt as string);
    expect(new Set(receipts).size).toBe(120);
    expect(new Set((await storedVotes(election.id)).map((b) => b.receipt))).toEqual(new Set(receipts));
    expect(await tally(president1.id)).toBe(40);
    expect(await tally(president2.id)).toBe(20);
    expect(await tally(treasurer.id)).toBe(60);
  });
});

describe('voting: locks', () => {
  it('a refused vote takes no lock: it is answered while another transaction holds the candidate row', async () => {
    const { election, president1 } = await openElection();
    const [voter] = await fastVoters(t.app, 1);
    expect((await vote(election.id, voter!.headers, { candidate_id: president1.id, position: 'President' })).statusCode).toBe(200);
    const holder = await t.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from candidates where id = $1 for update', [president1.id]);
      const answer = vote(election.id, voter!.headers, { candidate_id: president1.id, position: 'President' });
      const timeout = new Promise<'blocked'>((r) => setTimeout(() => r('blocked'), 3000));
      const res = await Promise.race([answer, timeout]);
      expect(res).not.toBe('blocked');
      expect((res as Awaited<typeof answer>).statusCode).toBe(409);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
  });

  it('a vote racing an admin who moves the candidate waits, then is refused; nothing is stored', async () => {
    const { election, president2 } = await openElection();
    const [voter] = await fastVoters(t.app, 1);
    const admin = await t.database.pool.connect();
    try {
      await admin.query('begin');
      await admin.query(`update candidates set position = 'Treasurer' where id = $1`, [president2.id]);
      const pending = vote(election.id, voter!.headers, { candidate_id: president2.id, position: 'President' });
      await waitUntilBlockedBy(admin); // the vote is now waiting for the row
      await admin.query('commit');
      const res = await pending;
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(ELECTION_MSG.candidateWrongPosition('President'));
    } finally {
      admin.release();
    }
    expect(await storedVotes(election.id)).toHaveLength(0);
    expect(await tally(president2.id)).toBe(0);
  });
});

describe('my votes', () => {
  it('shows the voter whether they voted for every position with candidates, in voting order, never for whom', async () => {
    const { election, president2 } = await openElection();
    const [voter, other] = await fastVoters(t.app, 2);
    const url = `/api/voting/elections/${election.id}/my-votes`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const before = await t.app.inject({ method: 'GET', url, headers: voter!.headers });
    expect(before.json()).toEqual({
      success: true,
      voting_status: [
        { position: 'President', hasVoted: false, votedFor: null },
        { position: 'Treasurer', hasVoted: false, votedFor: null },
      ],
    });
    await vote(election.id, voter!.headers, { candidate_id: president2.id, position: 'President' });
    const after = await t.app.inject({ method: 'GET', url, headers: voter!.headers });
    expect(after.json().voting_status).toEqual([
      { position: 'President', hasVoted: true, votedFor: null },
      { position: 'Treasurer', hasVoted: false, votedFor: null },
    ]);
    // Another member sees only their own (empty) ballot.
    const theirs = await t.app.inject({ method: 'GET', url, headers: other!.headers });
    expect(theirs.json().voting_status.every((s: { hasVoted: boolean }) => !s.hasVoted)).toBe(true);
  });

  it('answers an empty list for an election without candidates and 404 for unknown or hidden ones', async () => {
    const empty = await createElection(t.app);
    const hidden = await createElection(t.app, { is_publicly_visible: false });
    const [voter] = await fastVoters(t.app, 1);
    const get = (id: string) => t.app.inject({ method: 'GET', url: `/api/voting/elections/${id}/my-votes`, headers: voter!.headers });
    expect((await get(empty.id)).json()).toEqual({ success: true, voting_status: [] });
    expect((await get(hidden.id)).statusCode).toBe(404);
    expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('looks the session up in its own statement: a signed-out or unknown token gets 401, before any 404', async () => {
    const { election } = await openElection();
    const [voter] = await fastVoters(t.app, 1);
    const get = (id: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/voting/elections/${id}/my-votes`, headers });
    const unknown = { authorization: `Bearer ${'y'.repeat(43)}` };
    for (const id of [election.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await get(id, unknown);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(refusal(SERVER_MSG.notAuthenticated, 'UNAUTHENTICATED'));
    }
    expect((await get(election.id, voter!.headers)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: voter!.headers })).statusCode).toBe(200);
    expect((await get(election.id, voter!.headers)).statusCode).toBe(401);
  });
});

describe('active elections', () => {
  it('lists active, visible elections not ended more than 7 days ago: open first, then upcoming, then ended', async () => {
    const t0 = t.clock().getTime();
    // A fresh clock far in the future keeps earlier tests' elections out of this list.
    const future = t0 + 400 * 24 * HOUR;
    const at = (h: number) => new Date(future + h * HOUR);
    const open = await openElection({ title: 'Open', start_time: at(-1), end_time: at(5) });
    await createElection(t.app, { title: 'Upcoming', start_time: at(2), end_time: at(30) });
    await createElection(t.app, { title: 'Ended yesterday', start_time: at(-48), end_time: at(-24) });
    await createElection(t.app, { title: 'Ended 8 days ago', start_time: at(-24 * 9), end_time: at(-24 * 8) });
    await createElection(t.app, { title: 'Inactive', start_time: at(-1), end_time: at(5), is_active: false });
    await createElection(t.app, { title: 'Hidden', start_time: at(-1), end_time: at(5), is_publicly_visible: false });
    t.clock.set(new Date(future));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/voting/elections/active' });
      expect(res.statusCode).toBe(200);
      const list = res.json().active_elections;
      expect(list.map((e: { title: string; status: string }) => [e.title, e.status])).toEqual([
        ['Open', 'active'],
        ['Upcoming', 'upcoming'],
        ['Ended yesterday', 'ended'],
      ]);
      expect(list[0]).toEqual({
        id: open.election.id,
        title: 'Open',
        description: null,
        start_time: at(-1).toISOString(),
        end_time: at(5).toISOString(),
        is_active: true,
        results_published: false,
        status: 'active',
        voter_rule: 'verified',
        session: null,
        candidates: [
          { id: open.president1.id, user_id: open.president1.user_id, position: 'President', manifesto: null, candidate_image_url: null, users: { name: 'Amaka Obi', profile_image_url: null, bio: null } },
          { id: open.president2.id, user_id: open.president2.user_id, position: 'President', manifesto: null, candidate_image_url: null, users: { name: 'Bayo Adeyemi', profile_image_url: null, bio: null } },
          { id: open.treasurer.id, user_id: open.treasurer.user_id, position: 'Treasurer', manifesto: null, candidate_image_url: null, users: { name: 'Chioma Nwosu', profile_image_url: null, bio: null } },
        ],
      });
      expect(res.body).not.toContain('@example.test');
    } finally {
      t.clock.set(new Date(t0));
    }
  });
});
