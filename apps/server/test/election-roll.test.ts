import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RECORD_FORMAT, verifyElection } from '@aesa/shared/election-record';
import { auditLog, electionRecord, electionRolls, elections, memberRoles } from '../src/db/schema.ts';
import { readEntries } from '../src/modules/election-record/election-record.queries.ts';
import { currentVersion } from './support/current-version.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createMember, signedInAdmin, signedInMember } from './support/factories.ts';
import { addCandidate, createElection, fastVoters } from './support/elections.ts';
import { refusal } from './support/refusal.ts';
import { RECORD_MSG } from '@aesa/shared/election-record';

// The voter roll: frozen once when voting opens, shown as size and fingerprint, downloadable by
// electoral admins; and the election record's entries for the admin's acts.

let t: TestApp;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const roll = (electionId: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/elections/${electionId}/roll`, headers });
const entriesOf = (electionId: string) => readEntries(t.app.db, electionId);

/** An election that opens in an hour, so the test decides when it opens. */
async function upcomingElection() {
  const start = new Date(t.clock().getTime() + HOUR);
  return createElection(t.app, { start_time: start, end_time: new Date(start.getTime() + 2 * HOUR) });
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

describe('the voter roll', () => {
  it('is not frozen before voting opens: no size, no fingerprint, no entries', async () => {
    const election = await upcomingElection();
    const res = await roll(election.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().roll).toEqual({ frozen_at: null, size: null, fingerprint: null, salt: null, on_roll: null, opened_hash: null, closed_hash: null, board_published: false });
    expect(await entriesOf(election.id)).toEqual([]);
  });

  it('is frozen exactly once when many requests arrive together after voting opened, with the members verified and current at that moment', async () => {
    const election = await upcomingElection();
    const [onRoll] = await fastVoters(t.app, 1);
    const [unverified] = await fastVoters(t.app, 1, { verified: false });
    const [notCurrent] = await fastVoters(t.app, 1, { current: false });
    await atTime(election.start_time, async () => {
      const urls = [`/api/elections/${election.id}/roll`, '/api/voting/elections/active', '/api/elections', `/api/elections/${election.id}/roll`];
      const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => t.app.inject({ method: 'GET', url: urls[i % urls.length]!, headers: onRoll!.headers })));
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    });
    const entries = await entriesOf(election.id);
    expect(entries.map((e) => e.kind)).toEqual(['created', 'roll_frozen', 'opened']);
    const members = (await t.app.db.select().from(electionRolls).where(eq(electionRolls.election_id, election.id))).map((r) => r.member_id);
    expect(members).toContain(onRoll!.user.id);
    expect(members).not.toContain(unverified!.user.id);
    expect(members).not.toContain(notCurrent!.user.id);
    // Exactly the members the vote accepted: a current role verified by an admin.
    const eligible = await t.app.db.selectDistinct({ id: memberRoles.user_id }).from(memberRoles).where(and(eq(memberRoles.is_current, true), eq(memberRoles.verified_by_admin, true)));
    expect(members.sort()).toEqual(eligible.map((r) => r.id).sort());
    const [row] = await t.app.db.select().from(elections).where(eq(elections.id, election.id));
    expect(row!.roll_size).toBe(members.length);
    expect(entries[1]!.payload).toEqual({ size: members.length, fingerprint: row!.roll_fingerprint });
    expect(row!.roll_salt).toMatch(/^[0-9a-f]{64}$/);

    // A member verified later is not on it, and the answer tells each signed-in member which.
    const late = await signedInMember(t.app, { verified: true });
    const summary = (await roll(election.id, onRoll!.headers)).json().roll;
    expect(summary).toMatchObject({ size: members.length, fingerprint: row!.roll_fingerprint, salt: null, on_roll: true, opened_hash: entries[2]!.hash, closed_hash: null });
    expect((await roll(election.id, late.headers)).json().roll.on_roll).toBe(false);
    expect((await roll(election.id)).json().roll.on_roll).toBeNull();
    // Reading again changes nothing.
    await roll(election.id);
    expect(await entriesOf(election.id)).toHaveLength(3);
  });

  it('is frozen by the background tick when nothing asks for it', async () => {
    const election = await createElection(t.app, { start_time: new Date(t.clock().getTime() - 1000) });
    await t.app.electionRecord.settleDue();
    const [row] = await t.app.db.select().from(elections).where(eq(elections.id, election.id));
    expect(row!.roll_frozen_at).not.toBeNull();
  });

  it('is not frozen for an election switched off, however late it is', async () => {
    const election = await createElection(t.app, { is_active: false });
    await t.app.electionRecord.settleDue();
    expect((await roll(election.id)).json().roll.frozen_at).toBeNull();
  });

  it('a hidden election answers 404 to all but electoral admins', async () => {
    const election = await createElection(t.app, { is_publicly_visible: false });
    expect((await roll(election.id)).json()).toEqual(refusal('Election not found', 'ELECTION_NOT_FOUND'));
    const admin = await signedInAdmin(t.app, ['is_electoral_admin']);
    expect((await roll(election.id, admin.headers)).statusCode).toBe(200);
  });
});

describe('the roll download', () => {
  it('is for electoral admins only, as CSV of name, matric number and voted yes/no, and is audited', async () => {
    const election = await upcomingElection();
    const member = await createMember(t.app, { name: 'Zainab Roll, Jr.' });
    const admin = await signedInAdmin(t.app, ['is_electoral_admin']);
    const other = await signedInAdmin(t.app, ['is_data_admin']);
    const url = `/api/elections/${election.id}/roll/export`;
    const early = await t.app.inject({ method: 'POST', url, headers: admin.headers });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual(refusal(RECORD_MSG.rollNotFrozen, 'ELECTION_ROLL_NOT_FROZEN'));

    await atTime(election.start_time, () => t.app.electionRecord.settle(election.id));
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, headers: other.headers })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'POST', url, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('name,matric_number,voted');
    expect(lines).toContain(`"Zainab Roll, Jr.",${member.matric_number},no`);
    for (const line of lines.slice(1)) expect(line).toMatch(/,(yes|no)$/);
    const [row] = await t.app.db.select().from(elections).where(eq(elections.id, election.id));
    expect(lines).toHaveLength(row!.roll_size! + 1);

    const audit = await t.app.db.select().from(auditLog).where(and(eq(auditLog.route, '/api/elections/:id/roll/export'), eq(auditLog.outcome, 'ok')));
    expect(audit).toMatchObject([{ actor_id: admin.user.id, target_id: election.id, summary: 'downloaded the voter roll of election' }]);
  });
});

describe('the election record of the admin acts', () => {
  it('keeps created, edited (the changed fields with their new values), candidate added, edited and removed, and the chain verifies', async () => {
    const admin = await signedInAdmin(t.app, ['is_electoral_admin']);
    const start = new Date(t.clock().getTime() + 5 * HOUR);
    const end = new Date(start.getTime() + HOUR);
    const created = await t.app.inject({
      method: 'POST', url: '/api/elections', headers: admin.headers,
      payload: { title: 'Record 2026', description: 'd', start_time: start.toISOString(), end_time: end.toISOString() },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().election.id as string;
    const newEnd = new Date(end.getTime() + HOUR).toISOString();
    expect((await t.app.inject({ method: 'PATCH', url: `/api/elections/${id}`, headers: { ...admin.headers, ...(await currentVersion(t.app, `/api/elections/${id}`)) }, payload: { title: 'Record 2026 (2)', description: 'd', end_time: newEnd } })).statusCode).toBe(200);
    const member = await createMember(t.app, { name: 'Amaka Record' });
    const added = await t.app.inject({ method: 'POST', url: `/api/elections/${id}/candidates`, headers: admin.headers, payload: { user_id: member.id, position: 'President', manifesto: 'm' } });
    expect(added.statusCode).toBe(201);
    const candidateId = added.json().candidate.id as string;
    expect((await t.app.inject({ method: 'PATCH', url: `/api/elections/${id}/candidates/${candidateId}`, headers: { ...admin.headers, ...(await currentVersion(t.app, `/api/elections/${id}/candidates/${candidateId}`)) }, payload: { position: 'Treasurer' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/elections/${id}/candidates/${candidateId}`, headers: { ...admin.headers, ...(await currentVersion(t.app, `/api/elections/${id}/candidates/${candidateId}`)) } })).statusCode).toBe(200);

    const entries = await entriesOf(id);
    expect(entries.map((e) => [e.kind, e.payload])).toEqual([
      ['created', { title: 'Record 2026', description: 'd', start_time: start.toISOString(), end_time: end.toISOString(), is_active: true, is_publicly_visible: true }],
      ['edited', { changes: { title: 'Record 2026 (2)', end_time: newEnd } }],
      ['candidate_added', { candidate_id: candidateId, candidate_name: 'Amaka Record', position: 'President' }],
      ['candidate_edited', { candidate_id: candidateId, candidate_name: 'Amaka Record', changes: { position: 'Treasurer' } }],
      ['candidate_removed', { candidate_id: candidateId, candidate_name: 'Amaka Record', position: 'Treasurer' }],
    ]);
    expect(await verifyElection({ format: RECORD_FORMAT, election_id: id, entries })).toMatchObject({ ok: true, entries: 5 });
  });

  it('a refused admin write leaves no entry; an election written straight into the database starts its record with created', async () => {
    const admin = await signedInAdmin(t.app, ['is_electoral_admin']);
    const election = await createElection(t.app, { start_time: new Date(t.clock().getTime() + HOUR), end_time: new Date(t.clock().getTime() + 2 * HOUR) });
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/elections/${election.id}`, headers: { ...admin.headers, ...(await currentVersion(t.app, `/api/elections/${election.id}`)) }, payload: { end_time: new Date(0).toISOString() } });
    expect(bad.statusCode).toBe(400);
    expect(await entriesOf(election.id)).toEqual([]);
    const member = await createMember(t.app);
    await addCandidate(t.app, election.id, member.id, 'President');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/elections/${election.id}`, headers: { ...admin.headers, ...(await currentVersion(t.app, `/api/elections/${election.id}`)) }, payload: { title: 'Renamed' } })).statusCode).toBe(200);
    const entries = await entriesOf(election.id);
    expect(entries.map((e) => e.kind)).toEqual(['created', 'edited']);
    expect(entries[0]!.payload).toMatchObject({ title: election.title });
    expect(await t.app.db.select().from(electionRecord).where(eq(electionRecord.election_id, election.id))).toHaveLength(2);
  });

  it('parallel appends never fork the chain', async () => {
    const { appendElectionRecord } = await import('../src/modules/election-record/record.ts');
    const election = await createElection(t.app);
    await Promise.all(Array.from({ length: 12 }, (_, i) => t.app.db.transaction((tx) => appendElectionRecord(tx, election.id, 'edited', { changes: { title: `T${i}` } }))));
    const entries = await entriesOf(election.id);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(await verifyElection({ format: RECORD_FORMAT, election_id: election.id, entries })).toMatchObject({ ok: true });
  });
});
