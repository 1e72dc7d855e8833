import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOARD_FORMAT, RECORD_FORMAT, RECORD_MSG, receiptHash, rollFingerprint, verifyElection, type BoardFile, type ElectionRecordFile } from '@aesa/shared/election-record';
import { ELECTION_MSG } from '@aesa/shared/elections';
import { ballots, electionParticipations, electionRolls } from '../src/db/schema.ts';
import { readEntries } from '../src/modules/election-record/election-record.queries.ts';
import { currentVersion } from './support/current-version.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createMember, signedInAdmin } from './support/factories.ts';
import { fastVoters } from './support/elections.ts';
import { refusal } from './support/refusal.ts';
import { waitUntilBlockedBy } from './support/lock-wait.ts';

// Closing the record (ballot entries in receipt-hash order, the counts, the salt), the final
// results in it, and the public files: the bulletin board (JSON, CSV) and the record.

let t: TestApp;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const vote = (electionId: string, headers: Record<string, string>, candidate_id: string, position: string) =>
  t.app.inject({ method: 'POST', url: `/api/voting/elections/${electionId}/vote`, headers, payload: { candidate_id, position } });

async function atTime<T>(at: Date, fn: () => Promise<T>): Promise<T> {
  const before = t.clock();
  t.clock.set(at);
  try {
    return await fn();
  } finally {
    t.clock.set(before);
  }
}

let electionNo = 0;

/**
 * An election made by an electoral admin through the API with two presidents and a treasurer,
 * then open: candidates are added before voting opens, and the clock moves to its start.
 */
async function electionThroughApi() {
  const admin = await signedInAdmin(t.app, ['is_electoral_admin']);
  const now = t.clock().getTime() + 1000;
  const created = await t.app.inject({
    method: 'POST', url: '/api/elections', headers: admin.headers,
    payload: { title: `Board test ${++electionNo}`, start_time: new Date(now).toISOString(), end_time: new Date(now + HOUR).toISOString() },
  });
  const id = created.json().election.id as string;
  const add = async (name: string, position: string) => {
    const member = await createMember(t.app, { name });
    const res = await t.app.inject({ method: 'POST', url: `/api/elections/${id}/candidates`, headers: admin.headers, payload: { user_id: member.id, position } });
    return res.json().candidate.id as string;
  };
  const candidates = { amaka: await add('Amaka Board', 'President'), bayo: await add('Bayo Board', 'President'), chioma: await add('Chioma Board', 'Treasurer') };
  t.clock.set(new Date(now));
  return { id, admin, candidates, end: new Date(now + HOUR) };
}

describe('the record closes when voting ends, and the board appears with the final results', () => {
  it('before publication the board and record answer 403 with a clear code; after, the files verify and match the results', async () => {
    const { id, admin, candidates, end } = await electionThroughApi();
    const voters = await fastVoters(t.app, 5);
    const receipts: string[] = [];
    for (const [i, v] of voters.entries()) {
      const res = await vote(id, v.headers, i < 3 ? candidates.amaka : candidates.bayo, 'President');
      expect(res.statusCode).toBe(200);
      receipts.push(res.json().receipt);
      if (i < 2) receipts.push((await vote(id, v.headers, candidates.chioma, 'Treasurer')).json().receipt);
    }
    for (const file of ['board.json', 'board.csv', 'record.json']) {
      const early = await get(`/api/elections/${id}/${file}`);
      expect(early.statusCode).toBe(403);
      expect(early.json()).toEqual(refusal(RECORD_MSG.boardNotPublished, 'ELECTION_BOARD_NOT_PUBLISHED'));
    }
    // Results published while voting is open: still no board, and no tallies in the record yet.
    expect((await t.app.inject({ method: 'POST', url: `/api/elections/${id}/publish-results`, headers: admin.headers })).statusCode).toBe(200);
    expect((await get(`/api/elections/${id}/board.json`)).statusCode).toBe(403);

    const after = new Date(end.getTime() + 1000);
    await atTime(after, async () => {
      // The first read after the end closes the record; the files wait for the committee's final results.
      expect((await get(`/api/elections/${id}/board.json`)).statusCode).toBe(403);
      const final = await t.app.inject({ method: 'POST', url: `/api/elections/${id}/publish-final-results`, headers: admin.headers });
      expect(final.statusCode).toBe(200);
      const boardRes = await get(`/api/elections/${id}/board.json`);
      expect(boardRes.statusCode).toBe(200);
      expect(boardRes.headers['x-content-sha256']).toBe(sha256(boardRes.body));
      const board = JSON.parse(boardRes.body) as BoardFile;
      expect(board.format).toBe(BOARD_FORMAT);
      expect(board.ballots.map((b) => b.receipt)).toEqual([...receipts].sort());
      expect(Object.keys(board.ballots[0]!).sort()).toEqual(['candidate_id', 'candidate_name', 'position', 'receipt']);

      const csv = await get(`/api/elections/${id}/board.csv`);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['x-content-sha256']).toBe(sha256(csv.body));
      const lines = csv.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('receipt,position,candidate_id,candidate_name');
      expect(lines.slice(1)).toEqual(board.ballots.map((b) => `${b.receipt},${b.position},${b.candidate_id},${b.candidate_name}`));

      const recordRes = await get(`/api/elections/${id}/record.json`);
      expect(recordRes.headers['x-content-sha256']).toBe(sha256(recordRes.body));
      // The same bytes every time: a hash someone wrote down stays checkable.
      expect((await get(`/api/elections/${id}/record.json`)).body).toBe(recordRes.body);
      const record = JSON.parse(recordRes.body) as ElectionRecordFile;
      expect(record.format).toBe(RECORD_FORMAT);
      const kinds = record.entries.map((e) => e.kind);
      expect(kinds).toEqual([
        'created', 'candidate_added', 'candidate_added', 'candidate_added', 'roll_frozen', 'opened', 'results_published',
        ...receipts.map(() => 'ballot'), 'closed', 'results_published',
      ]);
      expect(record.entries[6]!.payload).toEqual({ final: false });
      // Ballot entries: the receipt's hash and nothing else, in ascending hash order (never the vote order).
      const ballotEntries = record.entries.filter((e) => e.kind === 'ballot');
      const hashes = await Promise.all(receipts.map((r) => receiptHash(r)));
      expect(ballotEntries.map((e) => e.payload)).toEqual([...hashes].sort().map((h) => ({ receipt_hash: h })));
      const closed = record.entries.find((e) => e.kind === 'closed')!.payload as Record<string, unknown>;
      const participations = await t.app.db.select().from(electionParticipations).where(eq(electionParticipations.election_id, id));
      expect(closed).toMatchObject({ ballot_count: 7, participation_count: participations.length, reason: 'ended' });
      expect(participations).toHaveLength(7);

      // The official results and the record's final tallies agree, and the verifier says OK.
      const results = (await get(`/api/voting/elections/${id}/results`)).json().results;
      expect(record.entries.at(-1)!.payload).toEqual({ final: true, tallies: results });
      expect(results[0].candidates.map((c: { votes: number }) => c.votes)).toEqual([3, 2]);
      expect(await verifyElection(record, board)).toEqual({ ok: true, ballots: 7, entries: record.entries.length, head: record.entries.at(-1)!.hash });

      // The salt is public now: the fingerprint is recomputable from the roll.
      const summary = (await get(`/api/elections/${id}/roll`)).json().roll;
      expect(summary.salt).toBe(closed.salt);
      const roll = (await t.app.db.select().from(electionRolls).where(eq(electionRolls.election_id, id))).map((r) => r.member_id);
      expect(await rollFingerprint(roll, summary.salt)).toBe(summary.fingerprint);
      expect(summary).toMatchObject({ board_published: true, closed_hash: record.entries.find((e) => e.kind === 'closed')!.hash, opened_hash: record.entries[5]!.hash });

      // The roll download says who took part, never for whom.
      const csvRoll = await t.app.inject({ method: 'POST', url: `/api/elections/${id}/roll/export`, headers: admin.headers });
      const rows = csvRoll.body.trimEnd().split('\r\n');
      expect(rows.filter((r) => r.endsWith(',yes'))).toHaveLength(5);
      for (const name of ['Amaka Board', 'Bayo Board', 'Chioma Board', candidates.amaka]) expect(rows.slice(1).some((r) => r.includes(name) && r.endsWith(',yes'))).toBe(false);

      // Closing happened once: reading again appends nothing.
      expect(await readEntries(t.app.db, id)).toHaveLength(record.entries.length);
    });
  });

  it('results published after voting ended: closed, then the final results, in one step', async () => {
    const { id, admin, candidates, end } = await electionThroughApi();
    const [v] = await fastVoters(t.app, 1);
    expect((await vote(id, v!.headers, candidates.bayo, 'President')).statusCode).toBe(200);
    await atTime(new Date(end.getTime() + 1), async () => {
      expect((await t.app.inject({ method: 'POST', url: `/api/elections/${id}/publish-results`, headers: admin.headers })).statusCode).toBe(200);
      const entries = await readEntries(t.app.db, id);
      expect(entries.slice(-3).map((e) => e.kind)).toEqual(['ballot', 'closed', 'results_published']);
      expect((entries.at(-1)!.payload as { final: boolean }).final).toBe(true);
      expect((await get(`/api/elections/${id}/board.json`)).statusCode).toBe(200);
    });
  });

  it('switching an election off during voting closes it for good: a vote after switching it on again is refused', async () => {
    const { id, admin, candidates } = await electionThroughApi();
    const [a, b] = await fastVoters(t.app, 2);
    expect((await vote(id, a!.headers, candidates.amaka, 'President')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/elections/${id}`, headers: { ...admin.headers, ...(await currentVersion(t.app, `/api/elections/${id}`)) }, payload: { is_active: false } })).statusCode).toBe(200);
    const entries = await readEntries(t.app.db, id);
    expect(entries.slice(-3).map((e) => [e.kind, e.payload])).toMatchObject([['edited', { changes: { is_active: false } }], ['ballot', {}], ['closed', { reason: 'switched off', ballot_count: 1 }]]);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/elections/${id}`, headers: { ...admin.headers, ...(await currentVersion(t.app, `/api/elections/${id}`)) }, payload: { is_active: true } })).statusCode).toBe(200);
    const late = await vote(id, b!.headers, candidates.amaka, 'President');
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual(refusal(ELECTION_MSG.ended, 'VOTE_ENDED'));
  });

  it('votes racing the close are either in the record or refused: never counted and missing', async () => {
    const { id, admin, candidates } = await electionThroughApi();
    const voters = await fastVoters(t.app, 30);
    await t.app.electionRecord.settle(id);
    const ifMatch = await currentVersion(t.app, `/api/elections/${id}`);
    const votes = voters.map((v, i) => vote(id, v.headers, i % 2 ? candidates.amaka : candidates.bayo, 'President'));
    const off = t.app.inject({ method: 'PATCH', url: `/api/elections/${id}`, headers: { ...admin.headers, ...ifMatch }, payload: { is_active: false } });
    const answers = await Promise.all(votes);
    expect((await off).statusCode).toBe(200);
    const accepted = answers.filter((r) => r.statusCode === 200).map((r) => r.json().receipt as string);
    for (const r of answers.filter((x) => x.statusCode !== 200)) expect(r.statusCode).toBe(403);
    const entries = await readEntries(t.app.db, id);
    const recorded = entries.filter((e) => e.kind === 'ballot').map((e) => (e.payload as { receipt_hash: string }).receipt_hash);
    expect(recorded.sort()).toEqual((await Promise.all(accepted.map((r) => receiptHash(r)))).sort());
    const stored = await t.app.db.select().from(ballots).where(eq(ballots.election_id, id));
    expect(stored).toHaveLength(accepted.length);
  });

  it('a vote waiting while the record closes is refused and writes nothing; one that committed first is in the record', async () => {
    const { id, candidates } = await electionThroughApi();
    const [first, late] = await fastVoters(t.app, 2);
    await t.app.electionRecord.settle(id);
    const closer = await t.database.pool.connect();
    let firstReceipt = '';
    try {
      // The close as settle.ts does it: the election row FOR UPDATE, then voting_closed_at.
      await closer.query('begin');
      const voted = await vote(id, first!.headers, candidates.amaka, 'President');
      firstReceipt = voted.json().receipt;
      await closer.query('select 1 from elections where id = $1 for update', [id]);
      const pending = vote(id, late!.headers, candidates.bayo, 'President');
      await waitUntilBlockedBy(closer); // the vote passed its checks and waits for the row
      await closer.query('update elections set voting_closed_at = now() where id = $1', [id]);
      await closer.query('commit');
      const res = await pending;
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refusal(ELECTION_MSG.ended, 'VOTE_ENDED'));
    } finally {
      closer.release();
    }
    const stored = await t.app.db.select().from(ballots).where(eq(ballots.election_id, id));
    expect(stored.map((b) => b.receipt)).toEqual([firstReceipt]);
    expect(await t.app.db.select().from(electionParticipations).where(eq(electionParticipations.election_id, id))).toHaveLength(1);
  });

  it('an unknown or hidden election answers 404', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/elections/${unknown}/board.json`)).json()).toEqual(refusal('Election not found', 'ELECTION_NOT_FOUND'));
    expect((await get(`/api/elections/${unknown}/record.json`)).statusCode).toBe(404);
  });
});
