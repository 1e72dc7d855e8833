import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ELECTION_MSG } from '@aesa/shared/elections';
import { RECEIPT_MSG } from '@aesa/shared/receipts';
import { RECORD_MSG } from '@aesa/shared/election-record';
import { auditLog, ballots, electionParticipations, memberRoles } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createMember } from './support/factories.ts';
import { addCandidate, createElection, fastVoters } from './support/elections.ts';
import { refusal } from './support/refusal.ts';
import { castVote as castVoteStatement } from '../src/modules/voting/voting.queries.ts';
import { hashToken } from '../src/lib/tokens.ts';

// What a vote stores (a participation with the voter, a ballot without), the receipt it answers,
// the public receipt check, and the eligibility the pages show before a ballot opens.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RECEIPT = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;
const vote = (electionId: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/voting/elections/${electionId}/vote`, headers, payload });
const check = (electionId: string, code: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/elections/${electionId}/receipts/${encodeURIComponent(code)}`, headers });
const eligibility = (electionId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/elections/${electionId}/eligibility`, headers });

async function openElection(o: Parameters<typeof createElection>[1] = {}) {
  const election = await createElection(t.app, o);
  const president = await addCandidate(t.app, election.id, (await createMember(t.app, { name: 'Amaka Obi' })).id, 'President');
  const treasurer = await addCandidate(t.app, election.id, (await createMember(t.app, { name: 'Chioma Nwosu' })).id, 'Treasurer');
  return { election, president, treasurer };
}

describe('what a vote stores', () => {
  it('ballots have no column for a voter or a time; participations have the voter and a 10-minute period only', async () => {
    const { rows } = await t.database.pool.query<{ table_name: string; column_name: string; data_type: string }>(
      `select table_name, column_name, data_type from information_schema.columns
       where table_schema = 'public' and table_name in ('ballots', 'election_participations') order by table_name, ordinal_position`,
    );
    const columns = (table: string) => rows.filter((r) => r.table_name === table).map((r) => r.column_name);
    expect(columns('ballots')).toEqual(['id', 'election_id', 'position', 'candidate_id', 'receipt']);
    expect(columns('election_participations')).toEqual(['election_id', 'member_id', 'position', 'voted_period']);
    // The ballot's key is random, not a sequence that would number the votes in order.
    const { rows: [key] } = await t.database.pool.query(`select column_default from information_schema.columns where table_name = 'ballots' and column_name = 'id'`);
    expect(key.column_default).toBe('gen_random_uuid()');
    // The old table that linked a voter to a choice is gone.
    expect((await t.database.pool.query(`select to_regclass('public.votes') as t`)).rows[0].t).toBeNull();
  });

  it('writes the participation, the ballot and the tally together, and none of them for a refused vote', async () => {
    const { election, president, treasurer } = await openElection();
    const [voter] = await fastVoters(t.app, 1);
    const ok = await vote(election.id, voter!.headers, { candidate_id: president.id, position: 'President' });
    expect(ok.statusCode).toBe(200);
    const again = await vote(election.id, voter!.headers, { candidate_id: president.id, position: 'President' });
    expect(again.statusCode).toBe(409);
    const wrong = await vote(election.id, voter!.headers, { candidate_id: treasurer.id, position: 'President' });
    expect(wrong.statusCode).toBe(400);
    const parts = await t.app.db.select().from(electionParticipations).where(eq(electionParticipations.election_id, election.id));
    const stored = await t.app.db.select().from(ballots).where(eq(ballots.election_id, election.id));
    expect(parts).toHaveLength(1);
    expect(stored).toEqual([{ id: expect.any(String), election_id: election.id, position: 'President', candidate_id: president.id, receipt: ok.json().receipt }]);
  });

  it('a receipt already taken rolls the whole vote back: no participation, no ballot, no tally (the service draws again)', async () => {
    const { election, president } = await openElection();
    const [first, second] = await fastVoters(t.app, 2);
    const taken = (await vote(election.id, first!.headers, { candidate_id: president.id, position: 'President' })).json().receipt as string;
    const attempt = castVoteStatement(t.database.pool, { electionId: election.id, candidateId: president.id, session: { tokenHash: hashToken(second!.token), idle: t.config.sessionIdleMs }, position: 'President', now: t.clock(), receipt: taken });
    await expect(attempt).rejects.toMatchObject({ code: '23505', constraint: 'ballots_receipt_key' });
    expect(await t.app.db.select().from(electionParticipations).where(eq(electionParticipations.election_id, election.id))).toHaveLength(1);
    expect(await t.app.db.select().from(ballots).where(eq(ballots.election_id, election.id))).toHaveLength(1);
    const { rows } = await t.database.pool.query(`select vote_count from candidates where id = $1`, [president.id]);
    expect(rows[0].vote_count).toBe(1);
    // The member can still vote: the next draw is a new receipt.
    expect((await vote(election.id, second!.headers, { candidate_id: president.id, position: 'President' })).statusCode).toBe(200);
  });

  it('answers a receipt per vote: 60 random bits in groups of four, never the same twice', async () => {
    const { election, president, treasurer } = await openElection();
    const voters = await fastVoters(t.app, 40);
    const answers = await Promise.all(
      voters.flatMap((v) => [
        vote(election.id, v.headers, { candidate_id: president.id, position: 'President' }),
        vote(election.id, v.headers, { candidate_id: treasurer.id, position: 'Treasurer' }),
      ]),
    );
    const receipts = answers.map((a) => a.json().receipt as string);
    for (const r of receipts) expect(r).toMatch(RECEIPT);
    expect(new Set(receipts).size).toBe(80);
    const stored = await t.app.db.select({ receipt: ballots.receipt }).from(ballots).where(eq(ballots.election_id, election.id));
    expect(stored.map((s) => s.receipt).sort()).toEqual([...receipts].sort());
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)('the embedded PostgreSQL logs no statement and no parameter', async () => {
    const expected: [string, string][] = [['log_statement', 'none'], ['log_min_duration_statement', '-1'], ['log_parameter_max_length', '0'], ['log_parameter_max_length_on_error', '0']];
    for (const [setting, value] of expected) {
      expect((await t.database.pool.query(`show ${setting}`)).rows[0][setting], setting).toBe(value);
    }
  });

  it('never writes a receipt to the log (at trace level) or the audit log', async () => {
    let log = '';
    const logStream = new Writable({ write: (chunk, _enc, done) => void ((log += String(chunk)), done()) });
    const traced = await createTestApp({ logLevel: 'trace' }, { logStream });
    try {
      const election = await createElection(traced.app);
      const president = await addCandidate(traced.app, election.id, (await createMember(traced.app)).id, 'President');
      const [voter] = await fastVoters(traced.app, 1);
      const res = await traced.app.inject({ method: 'POST', url: `/api/voting/elections/${election.id}/vote`, headers: voter!.headers, payload: { candidate_id: president.id, position: 'President' } });
      const receipt = res.json().receipt as string;
      expect(receipt).toMatch(RECEIPT);
      for (const code of [receipt, receipt.toLowerCase(), receipt.replace(/-/g, ' ')]) {
        expect((await traced.app.inject({ method: 'GET', url: `/api/elections/${election.id}/receipts/${encodeURIComponent(code)}` })).json().status).toBe('counted');
      }
      // The requests were logged (so the check is not vacuous), without their receipts.
      expect(log).toContain('/receipts/[redacted]');
      expect(log).toContain(`/api/voting/elections/${election.id}/vote`);
      const letters = receipt.replace(/-/g, '');
      for (const part of [receipt, letters, receipt.toLowerCase(), letters.slice(0, 8), receipt.slice(5)]) expect(log).not.toContain(part);
      const audit = await traced.app.db.select({ d: sql<string>`coalesce(${auditLog.details}::text, '') || coalesce(${auditLog.route}, '')` }).from(auditLog);
      expect(audit.some((r) => r.d.includes(letters.slice(0, 4)) && r.d.includes(letters.slice(4, 8)))).toBe(false);
    } finally {
      await traced.close();
    }
  });
});

describe('the receipt check', () => {
  it('answers only counted or unknown, before and after publication, for any way the code is typed', async () => {
    const { election, president } = await openElection();
    const other = await openElection();
    const [voter, otherVoter] = await fastVoters(t.app, 2);
    const receipt = (await vote(election.id, voter!.headers, { candidate_id: president.id, position: 'President' })).json().receipt as string;
    const elsewhere = (await vote(other.election.id, otherVoter!.headers, { candidate_id: other.president.id, position: 'President' })).json().receipt as string;

    for (const code of [receipt, receipt.toLowerCase(), ` ${receipt.replace(/-/g, ' ')} `, receipt.replace(/-/g, '')]) {
      const res = await check(election.id, code);
      expect(res.statusCode, code).toBe(200);
      expect(res.json()).toEqual({ success: true, status: 'counted' });
    }
    // Any visitor may check; the answer never names a candidate or a position.
    expect((await check(election.id, receipt, voter!.headers)).body).not.toMatch(new RegExp(`${president.id}|President|Amaka`));
    // Another election's receipt, and a well-formed code nobody holds, are unknown here.
    expect((await check(election.id, elsewhere)).json()).toEqual({ success: true, status: 'unknown' });
    expect((await check(election.id, 'K7QF-2M9C-XW4T')).json()).toEqual({ success: true, status: 'unknown' });

    await t.app.db.execute(sql`update elections set results_published = true where id = ${election.id}`);
    expect((await check(election.id, receipt)).json()).toEqual({ success: true, status: 'counted' });
  });

  it('refuses a code that is not a receipt (400, its own message) and an unknown or hidden election (404)', async () => {
    const { election } = await openElection();
    const hidden = await createElection(t.app, { is_publicly_visible: false });
    for (const bad of ['K7QF-2M9C-XW4', 'K0QF-2M9C-XW4T', 'KOQF-2M9C-XW4T', 'hello', 'K7QF-2M9C-XW4T-AAAA']) {
      const res = await check(election.id, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual(refusal(RECEIPT_MSG.invalid, 'RECEIPT_INVALID'));
    }
    const long = await check(election.id, 'K'.repeat(80));
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json()).toEqual(refusal(RECEIPT_MSG.invalid, 'RECEIPT_INVALID'));
    for (const id of [hidden.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await check(id, 'K7QF-2M9C-XW4T');
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(ELECTION_MSG.electionNotFound);
    }
  });

  it('is rate-limited per address', async () => {
    const { election } = await openElection();
    const from = { remoteAddress: '203.0.113.77' };
    const codes: number[] = [];
    for (let i = 0; i < 301; i++) codes.push((await t.app.inject({ method: 'GET', url: `/api/elections/${election.id}/receipts/K7QF-2M9C-XW4T`, ...from })).statusCode);
    expect(codes.slice(0, 300).every((c) => c === 200)).toBe(true);
    expect(codes[300]).toBe(429);
  });
});

describe('eligibility up front', () => {
  it('tells a signed-in member whether they may vote, and why not, with the same rules the vote uses', async () => {
    const { election, president } = await openElection();
    const [ok] = await fastVoters(t.app, 1);
    const [unverified] = await fastVoters(t.app, 1, { verified: false });
    const [former] = await fastVoters(t.app, 1, { verified: true, current: false });
    const [roleless] = await fastVoters(t.app, 1);
    await t.app.db.delete(memberRoles).where(eq(memberRoles.user_id, roleless!.user.id));

    expect((await eligibility(election.id)).statusCode).toBe(401);
    expect((await eligibility(election.id, ok!.headers)).json()).toEqual({ success: true, eligible: true, reason: null });
    const cases = [
      [unverified!, 'NOT_VERIFIED', ELECTION_MSG.notVerified],
      [former!, 'NOT_CURRENT_MEMBER', ELECTION_MSG.notCurrent],
      [roleless!, 'NOT_CURRENT_MEMBER', ELECTION_MSG.notCurrent],
    ] as const;
    for (const [member, reason, refused] of cases) {
      expect((await eligibility(election.id, member.headers)).json()).toEqual({ success: true, eligible: false, reason });
      // The server stays the judge: the vote is still refused with its 403.
      const res = await vote(election.id, member.headers, { candidate_id: president.id, position: 'President' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(refused);
    }
    // The roll was frozen when voting opened (at the first of these reads): a verification now
    // comes too late for this election, and the page says so before the vote is refused.
    await t.app.db.update(memberRoles).set({ verified_by_admin: true }).where(eq(memberRoles.user_id, unverified!.user.id));
    expect((await eligibility(election.id, unverified!.headers)).json()).toEqual({ success: true, eligible: false, reason: 'NOT_ON_ROLL' });
    const late = await vote(election.id, unverified!.headers, { candidate_id: president.id, position: 'President' });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual(refusal(RECORD_MSG.notOnRoll, 'VOTE_NOT_ON_ROLL'));
  });

  it('before voting opens there is no roll yet: a verification takes effect at once', async () => {
    const now = t.app.clock().getTime();
    const { election } = await openElection({ start_time: new Date(now + 3600_000), end_time: new Date(now + 7200_000) });
    const [member] = await fastVoters(t.app, 1, { verified: false });
    expect((await eligibility(election.id, member!.headers)).json().reason).toBe('NOT_VERIFIED');
    await t.app.db.update(memberRoles).set({ verified_by_admin: true }).where(eq(memberRoles.user_id, member!.user.id));
    expect((await eligibility(election.id, member!.headers)).json()).toEqual({ success: true, eligible: true, reason: null });
  });

  it('answers 404 for an unknown or hidden election', async () => {
    const hidden = await createElection(t.app, { is_publicly_visible: false });
    const [member] = await fastVoters(t.app, 1);
    for (const id of [hidden.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await eligibility(id, member!.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(ELECTION_MSG.electionNotFound);
    }
    expect((await eligibility('nope', member!.headers)).statusCode).toBe(404);
  });
});
