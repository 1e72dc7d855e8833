import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RECORD_FORMAT, rollFingerprint, verifyElection, type ElectionRecordFile } from '@aesa/shared/election-record';
import { ELECTION_MSG, ELIGIBILITY_MSG } from '@aesa/shared/elections';
import { electionRolls, elections, payments } from '../src/db/schema.ts';
import { readEntries } from '../src/modules/election-record/election-record.queries.ts';
import { castVote } from '../src/modules/voting/voting.service.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createPayment, createSession, signedInAdmin } from './support/factories.ts';
import { addCandidate, fastVoters } from './support/elections.ts';
import { refusal } from './support/refusal.ts';
import { currentVersion } from './support/current-version.ts';

// Who may vote: an election's voter rule (verified members, or financial members of a session),
// chosen at creation, fixed once the roll freezes, covered by the roll's fingerprint and named by
// the record; the eligibility answer and the vote refuse a non-financial member with the same reason.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
const HOUR = 3600_000;
const SESSION = '2026-2027';
let sessionId: string;
let otherSessionId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t.app, ['is_electoral_admin']);
  sessionId = (await createSession(t.app, { year: SESSION, is_current: true })).id;
  otherSessionId = (await createSession(t.app, { year: '2025-2026' })).id;
});
afterAll(() => t.close());

const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/elections', headers: admin.headers, payload });
// A change sends the version of the election as it is when the call is made (decision 054).
const patch = async (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/elections/${id}`, headers: { ...admin.headers, ...(await currentVersion(t.app, `/api/elections/${id}`)) }, payload });
const eligibility = (id: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/elections/${id}/eligibility`, headers });
const vote = (id: string, headers: Record<string, string>, candidateId: string) =>
  t.app.inject({ method: 'POST', url: `/api/voting/elections/${id}/vote`, headers, payload: { candidate_id: candidateId, position: 'President' } });
const electionCount = async () => (await t.app.db.select({ id: elections.id }).from(elections)).length;

function window(fromNowHours: number) {
  const start = new Date(t.clock().getTime() + fromNowHours * HOUR);
  return { start_time: start.toISOString(), end_time: new Date(start.getTime() + 2 * HOUR).toISOString() };
}

async function atTime<T>(at: Date, fn: () => Promise<T>): Promise<T> {
  const before = t.clock();
  t.clock.set(at);
  try {
    return await fn();
  } finally {
    t.clock.set(before);
  }
}

/** The members of every case: paid (approved), none, pending, rejected, void, paid for another session. */
async function members() {
  const [paid, none, pending, rejected, voided, otherSession] = await fastVoters(t.app, 6, { name: 'Rule' });
  await createPayment(t.app, { user_id: paid!.user.id, session_id: sessionId, status: 'approved' });
  await createPayment(t.app, { user_id: pending!.user.id, session_id: sessionId, status: 'pending' });
  await createPayment(t.app, { user_id: rejected!.user.id, session_id: sessionId, status: 'rejected' });
  await createPayment(t.app, { user_id: voided!.user.id, session_id: sessionId, status: 'void' });
  await createPayment(t.app, { user_id: otherSession!.user.id, session_id: otherSessionId, status: 'approved' });
  return { paid: paid!, refused: { none: none!, pending: pending!, rejected: rejected!, voided: voided!, otherSession: otherSession! } };
}

/** A financial election through the API that opens in an hour, with a candidate. */
async function financialElection() {
  const res = await post({ title: `Financial ${Math.random()}`, ...window(1), voter_rule: 'financial', session: SESSION });
  expect(res.statusCode).toBe(201);
  const election = res.json().election as { id: string; start_time: string; end_time: string };
  const [candidate] = await fastVoters(t.app, 1, { name: 'Candidate' });
  const president = await addCandidate(t.app, election.id, candidate!.user.id, 'President');
  return { election, president };
}

describe('choosing the voter rule', () => {
  it('is verified by default, and financial with a session when asked; the reads return it and the record names it', async () => {
    const plain = await post({ title: 'Plain rule', ...window(1) });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().election).toMatchObject({ voter_rule: 'verified', session: null });

    const res = await post({ title: 'Financial rule', ...window(1), voter_rule: 'financial', session: ` ${SESSION} ` });
    expect(res.statusCode).toBe(201);
    const id = res.json().election.id as string;
    expect(res.json().election).toMatchObject({ voter_rule: 'financial', session: SESSION });
    expect((await t.app.inject({ method: 'GET', url: `/api/elections/${id}` })).json().election).toMatchObject({ voter_rule: 'financial', session: SESSION });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/elections' })).json().elections.find((e: { id: string }) => e.id === id);
    expect(listed).toMatchObject({ voter_rule: 'financial', session: SESSION });
    const active = (await t.app.inject({ method: 'GET', url: '/api/voting/elections/active' })).json().active_elections.find((e: { id: string }) => e.id === id);
    expect(active).toMatchObject({ voter_rule: 'financial', session: SESSION });

    const entries = await readEntries(t.app.db, id);
    expect(entries.map((e) => e.kind)).toEqual(['created']);
    expect(entries[0]!.payload).toMatchObject({ title: 'Financial rule', voter_rule: 'financial', session: SESSION });
  });

  it('refuses a financial rule without a session or with an unknown one, and a session without the rule: 400 with codes, nothing created', async () => {
    const before = await electionCount();
    const cases = [
      [{ voter_rule: 'financial' }, refusal(ELECTION_MSG.sessionRequired, 'ELECTION_SESSION_REQUIRED')],
      [{ voter_rule: 'financial', session: '' }, refusal(ELECTION_MSG.sessionRequired, 'ELECTION_SESSION_REQUIRED')],
      [{ voter_rule: 'financial', session: '2030-2031' }, refusal(ELECTION_MSG.sessionNotFound('2030-2031'), 'ELECTION_SESSION_NOT_FOUND')],
      [{ voter_rule: 'verified', session: SESSION }, refusal(ELECTION_MSG.sessionOnlyForFinancial, 'ELECTION_SESSION_ONLY_FOR_FINANCIAL')],
      [{ session: SESSION }, refusal(ELECTION_MSG.sessionOnlyForFinancial, 'ELECTION_SESSION_ONLY_FOR_FINANCIAL')],
      [{ voter_rule: 'financial', session: '2026/2027' }, refusal(ELECTION_MSG.sessionInvalid, 'VALIDATION_FAILED')],
      [{ voter_rule: 'paid' }, refusal(ELECTION_MSG.voterRuleInvalid, 'VALIDATION_FAILED')],
    ] as const;
    for (const [rule, answer] of cases) {
      const res = await post({ title: 'Refused rule', ...window(1), ...rule });
      expect(res.statusCode, JSON.stringify(rule)).toBe(400);
      expect(res.json(), JSON.stringify(rule)).toEqual(answer);
    }
    expect(await electionCount()).toBe(before);
  });

  it('is changed before the roll freezes (the record keeps the change), refused with 409 after, and a refused change leaves no trace', async () => {
    const res = await post({ title: 'Changed rule', ...window(1) });
    const id = res.json().election.id as string;
    const unknown = await patch(id, { voter_rule: 'financial', session: '2031-2032' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('ELECTION_SESSION_NOT_FOUND');
    expect((await patch(id, { voter_rule: 'financial' })).json().code).toBe('ELECTION_SESSION_REQUIRED');
    expect(await readEntries(t.app.db, id)).toHaveLength(1);

    const changed = await patch(id, { voter_rule: 'financial', session: SESSION });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().election).toMatchObject({ voter_rule: 'financial', session: SESSION });
    // A title edit keeps the rule; the session alone can change while the rule stays financial.
    expect((await patch(id, { title: 'Changed rule 2' })).json().election).toMatchObject({ voter_rule: 'financial', session: SESSION });
    expect((await patch(id, { session: '2025-2026' })).json().election).toMatchObject({ voter_rule: 'financial', session: '2025-2026' });
    expect((await patch(id, { voter_rule: 'verified' })).json().election).toMatchObject({ voter_rule: 'verified', session: null });
    expect((await patch(id, { voter_rule: 'financial', session: SESSION })).statusCode).toBe(200);
    const entries = await readEntries(t.app.db, id);
    expect(entries.slice(1).map((e) => e.payload)).toEqual([
      { changes: { voter_rule: 'financial', session: SESSION } },
      { changes: { title: 'Changed rule 2' } },
      { changes: { session: '2025-2026' } },
      { changes: { voter_rule: 'verified', session: null } },
      { changes: { voter_rule: 'financial', session: SESSION } },
    ]);

    // Voting opened: the roll freezes (first, at this edit) with the rule it had; the rule is fixed.
    const [row] = await t.app.db.select().from(elections).where(eq(elections.id, id));
    await atTime(new Date(row!.start_time.getTime() + 1000), async () => {
      const late = await patch(id, { voter_rule: 'verified' });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual(refusal(ELECTION_MSG.voterRuleFrozen, 'ELECTION_VOTER_RULE_FROZEN'));
      // Sending the rule it has is no change.
      expect((await patch(id, { voter_rule: 'financial', session: SESSION })).statusCode).toBe(200);
    });
    const [after] = await t.app.db.select().from(elections).where(eq(elections.id, id));
    expect(after).toMatchObject({ voter_rule: 'financial', voter_session: SESSION });
    expect(after!.roll_frozen_at).not.toBeNull();
    expect((await readEntries(t.app.db, id)).map((e) => e.kind).slice(-2)).toEqual(['roll_frozen', 'opened']);
  });
});

describe('a financial election', () => {
  it('before voting opens: a financial member is eligible, every other is refused NOT_FINANCIAL by eligibility and by the vote statement', async () => {
    const { election, president } = await financialElection();
    const { paid, refused } = await members();
    expect((await eligibility(election.id, paid.headers)).json()).toEqual({ success: true, eligible: true, reason: null });
    for (const [name, member] of Object.entries(refused)) {
      expect((await eligibility(election.id, member.headers)).json(), name).toEqual({ success: true, eligible: false, reason: 'NOT_FINANCIAL', session: SESSION });
    }
    // The vote statement on its own, before any roll (the route freezes a due roll first, so this
    // is the statement's rule for a vote racing the freeze): the same reason, and nothing written.
    const inWindow = new Date(new Date(election.start_time).getTime() + 1000);
    for (const [name, member] of Object.entries(refused)) {
      const session = { tokenHash: hashToken(member.headers.authorization!.slice('Bearer '.length)), idle: t.app.config.sessionIdleMs };
      await expect(castVote(t.app.database.pool, { electionId: election.id, candidateId: president.id, session, position: 'President', now: inWindow }), name).rejects.toMatchObject({
        code: 'VOTE_NOT_FINANCIAL',
        message: ELECTION_MSG.notFinancial(SESSION),
      });
    }
    const [row] = await t.app.db.select().from(elections).where(eq(elections.id, election.id));
    expect(row!.roll_frozen_at).toBeNull();
    // Order of reasons: an unverified member is told that first, even with an approved payment.
    const [unverified] = await fastVoters(t.app, 1, { verified: false });
    await createPayment(t.app, { user_id: unverified!.user.id, session_id: sessionId });
    expect((await eligibility(election.id, unverified!.headers)).json().reason).toBe('NOT_VERIFIED');
  });

  it('freezes its roll with the financial members only; they vote, the others are refused with NOT_FINANCIAL; the fingerprint covers the rule and the verifier passes', async () => {
    const { election, president } = await financialElection();
    const { paid, refused } = await members();
    const [unverifiedPaid] = await fastVoters(t.app, 1, { verified: false });
    await createPayment(t.app, { user_id: unverifiedPaid!.user.id, session_id: sessionId });
    const [paidThenVoided] = await fastVoters(t.app, 1);
    const laterVoided = await createPayment(t.app, { user_id: paidThenVoided!.user.id, session_id: sessionId });
    const start = new Date(election.start_time);

    await atTime(new Date(start.getTime() + 1000), async () => {
      const ok = await vote(election.id, paid.headers, president.id);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().receipt).toEqual(expect.any(String));
      for (const [name, member] of Object.entries(refused)) {
        expect((await eligibility(election.id, member.headers)).json(), name).toEqual({ success: true, eligible: false, reason: 'NOT_FINANCIAL', session: SESSION });
        const res = await vote(election.id, member.headers, president.id);
        expect(res.statusCode, name).toBe(403);
        expect(res.json(), name).toEqual(refusal(ELECTION_MSG.notFinancial(SESSION), 'VOTE_NOT_FINANCIAL'));
      }
      expect(ELIGIBILITY_MSG.NOT_FINANCIAL(SESSION)).toBe(
        'Only financial members for 2026-2027 may vote in this election. If you have paid your dues, ask the treasurer or the financial secretary to record your payment.',
      );
      // After the freeze the roll decides: a payment approved now comes too late for this election
      // (NOT_ON_ROLL); a payment voided now does not take the place on the roll away.
      await t.app.db.update(payments).set({ status: 'approved' }).where(eq(payments.user_id, refused.pending.user.id));
      expect((await eligibility(election.id, refused.pending.headers)).json()).toEqual({ success: true, eligible: false, reason: 'NOT_ON_ROLL' });
      expect((await vote(election.id, refused.pending.headers, president.id)).json().code).toBe('VOTE_NOT_ON_ROLL');
      await t.app.db.update(payments).set({ status: 'void' }).where(eq(payments.id, laterVoided.id));
      expect((await eligibility(election.id, paidThenVoided!.headers)).json()).toEqual({ success: true, eligible: true, reason: null });
      expect((await vote(election.id, paidThenVoided!.headers, president.id)).statusCode).toBe(200);
    });

    const rollIds = (await t.app.db.select().from(electionRolls).where(eq(electionRolls.election_id, election.id))).map((r) => r.member_id);
    expect(rollIds).toEqual(expect.arrayContaining([paid.user.id, paidThenVoided!.user.id]));
    for (const member of [...Object.values(refused), unverifiedPaid!]) expect(rollIds).not.toContain(member.user.id);
    // Everyone on it is a verified, current member with an approved payment for the session.
    const approved = new Set((await t.app.db.select().from(payments).where(eq(payments.session_id, sessionId))).filter((p) => p.status === 'approved').map((p) => p.user_id));
    for (const id of rollIds.filter((id) => id !== paidThenVoided!.user.id && id !== refused.pending.user.id)) expect(approved.has(id), id).toBe(true);

    const [row] = await t.app.db.select().from(elections).where(eq(elections.id, election.id));
    const entries = await readEntries(t.app.db, election.id);
    const frozen = entries.find((e) => e.kind === 'roll_frozen')!;
    expect(frozen.payload).toEqual({ size: rollIds.length, fingerprint: row!.roll_fingerprint, voter_rule: 'financial', session: SESSION });
    const rule = { voter_rule: 'financial', session: SESSION } as const;
    expect(await rollFingerprint(rollIds, row!.roll_salt!, rule)).toBe(row!.roll_fingerprint);
    // The rule is in the hash: the same members and salt under another rule or session do not match.
    expect(await rollFingerprint(rollIds, row!.roll_salt!)).not.toBe(row!.roll_fingerprint);
    expect(await rollFingerprint(rollIds, row!.roll_salt!, { voter_rule: 'financial', session: '2025-2026' })).not.toBe(row!.roll_fingerprint);

    // Voting ends: the record closes with the salt, and the shared verifier checks the roll under its rule.
    await atTime(new Date(new Date(election.end_time).getTime() + 1000), () => t.app.electionRecord.settle(election.id));
    const record: ElectionRecordFile = { format: RECORD_FORMAT, election_id: election.id, entries: await readEntries(t.app.db, election.id) };
    expect(await verifyElection(record, undefined, rollIds)).toMatchObject({ ok: true, ballots: 2 });
    expect(await verifyElection(record, undefined, [...rollIds, refused.none.user.id])).toMatchObject({ ok: false });
  });

  it('a verified election ignores payments: a member who never paid votes', async () => {
    const res = await post({ title: 'Verified rule', ...window(1) });
    const id = res.json().election.id as string;
    const [candidate, member] = await fastVoters(t.app, 2);
    const president = await addCandidate(t.app, id, candidate!.user.id, 'President');
    await atTime(new Date(t.clock().getTime() + HOUR + 1000), async () => {
      expect((await eligibility(id, member!.headers)).json()).toEqual({ success: true, eligible: true, reason: null });
      expect((await vote(id, member!.headers, president.id)).statusCode).toBe(200);
    });
    const frozen = (await readEntries(t.app.db, id)).find((e) => e.kind === 'roll_frozen')!;
    expect(Object.keys(frozen.payload as object).sort()).toEqual(['fingerprint', 'size']);
  });
});
