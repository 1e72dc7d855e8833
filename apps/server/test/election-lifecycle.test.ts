import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { connect } from '../src/db/client.ts';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { testDatabasePrefix, withClient, withDatabase } from './support/global-setup.ts';
import { receiptHash, verifyElection, type BoardFile, type ElectionRecordFile } from '@aesa/shared/election-record';
import { ELECTION_MSG } from '@aesa/shared/elections';
import { auditLog, ballots, candidates, electionParticipations, electionRolls, elections } from '../src/db/schema.ts';
import { readEntries } from '../src/modules/election-record/election-record.queries.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createMember, signedInAdmin, signedInMember } from './support/factories.ts';
import { fastVoters } from './support/elections.ts';
import { refusal } from './support/refusal.ts';
import { currentVersion } from './support/current-version.ts';

// The election once voting has opened (the roll frozen, the record's `opened` written): it cannot
// be deleted (archived instead), its start and candidates stay, its end is extended or voting is
// closed now through the record; titles are unique among elections not archived; the final
// results are the committee's own step after the close.

let t: TestApp;
let admin: { headers: Record<string, string> };
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
});
// The tests move the clock by hours: a fresh officer's session each time (an idle one ends after 2 h).
beforeEach(async () => {
  admin = await signedInAdmin(t.app, ['is_electoral_admin']);
});
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
// A change or delete sends the version of the record as it is when the call is made (decision 054).
const call = async (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url, headers: { ...headers, ...(method === 'PATCH' || method === 'DELETE' ? await currentVersion(t.app, url) : {}) }, payload });
const post = (url: string, payload?: object) => call('POST', url, admin.headers, payload);
const vote = (id: string, headers: Record<string, string>, candidate_id: string, position = 'President') =>
  call('POST', `/api/voting/elections/${id}/vote`, headers, { candidate_id, position });
const advance = (ms: number) => t.clock.set(new Date(t.clock().getTime() + ms));

let titleNo = 0;

/**
 * An election made through the API before it opens, with two presidents; then the clock reaches
 * its start (`open: false` leaves it upcoming). Voting lasts an hour.
 */
async function election(o: { open?: boolean; title?: string; voters?: number } = {}) {
  const start = t.clock().getTime() + 1000;
  const created = await post('/api/elections', {
    title: o.title ?? `Lifecycle ${++titleNo}`,
    start_time: new Date(start).toISOString(),
    end_time: new Date(start + HOUR).toISOString(),
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().election.id as string;
  const add = async (name: string) => {
    const res = await post(`/api/elections/${id}/candidates`, { user_id: (await createMember(t.app, { name })).id, position: 'President' });
    expect(res.statusCode).toBe(201);
    return res.json().candidate.id as string;
  };
  const c = { amaka: await add('Amaka Lifecycle'), bayo: await add('Bayo Lifecycle') };
  // Voters are members before voting opens, so the frozen roll holds them.
  const voters = o.voters ? await fastVoters(t.app, o.voters) : [];
  if (o.open !== false) t.clock.set(new Date(start));
  return { id, c, start, end: start + HOUR, voters };
}

const kinds = async (id: string) => (await readEntries(t.app.db, id)).map((e) => e.kind);
const row = async (id: string) => (await t.app.db.select().from(elections).where(eq(elections.id, id)))[0];

/** The record and the board as anyone downloads them, checked by the shared verifier. */
async function verified(id: string) {
  const recordRes = await call('GET', `/api/elections/${id}/record.json`);
  const boardRes = await call('GET', `/api/elections/${id}/board.json`);
  expect(recordRes.statusCode).toBe(200);
  expect(boardRes.statusCode).toBe(200);
  const record = JSON.parse(recordRes.body) as ElectionRecordFile;
  const board = JSON.parse(boardRes.body) as BoardFile;
  return { record, board, result: await verifyElection(record, board) };
}

describe('deleting', () => {
  it('before voting opens, an election is deleted as before', async () => {
    const { id } = await election({ open: false });
    const res = await call('DELETE', `/api/elections/${id}`, admin.headers);
    expect(res.json()).toEqual({ success: true, message: ELECTION_MSG.electionDeleted });
    expect(await row(id)).toBeUndefined();
  });

  it('once voting has opened (by the clock alone, nobody looked yet) it is refused with 409 and everything stays', async () => {
    const { id, c, voters: [v] } = await election({ voters: 1 });
    const refused = await call('DELETE', `/api/elections/${id}`, admin.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(refusal(ELECTION_MSG.openedNoDelete, 'ELECTION_OPENED_NO_DELETE'));
    expect(refused.json().error).toContain('Archive');
    expect(await row(id)).toBeDefined();

    expect((await vote(id, v!.headers, c.amaka)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/elections/${id}`, admin.headers)).statusCode).toBe(409);
    expect(await t.app.db.select().from(ballots).where(eq(ballots.election_id, id))).toHaveLength(1);
    expect(await t.app.db.select().from(electionParticipations).where(eq(electionParticipations.election_id, id))).toHaveLength(1);
    expect(await kinds(id)).toContain('opened');
  });
});

describe('the start and the candidates once voting has opened', () => {
  it('the start cannot move (the election never goes back to upcoming), nor the end by an edit; other fields can', async () => {
    const { id, start } = await election();
    await t.app.electionRecord.settle(id);
    const before = await kinds(id);
    const later = new Date(start + 2 * HOUR).toISOString();
    const moved = await call('PATCH', `/api/elections/${id}`, admin.headers, { start_time: later, end_time: new Date(start + 3 * HOUR).toISOString() });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual(refusal(ELECTION_MSG.startLocked, 'ELECTION_START_LOCKED'));
    const ended = await call('PATCH', `/api/elections/${id}`, admin.headers, { end_time: new Date(start + 2 * HOUR).toISOString() });
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toEqual(refusal(ELECTION_MSG.endLocked, 'ELECTION_END_LOCKED'));
    expect((await row(id))!.start_time.getTime()).toBe(start);
    expect((await call('GET', `/api/elections/${id}`)).json().election.status).toBe('active');
    // The same start, sent again (a form saved whole), is no move.
    const same = await call('PATCH', `/api/elections/${id}`, admin.headers, { start_time: new Date(start).toISOString(), description: 'Read the manifestos' });
    expect(same.statusCode).toBe(200);
    const entries = await readEntries(t.app.db, id);
    expect(entries.length).toBe(before.length + 1);
    expect(entries.at(-1)).toMatchObject({ kind: 'edited', payload: { changes: { description: 'Read the manifestos' } } });
    expect(entries.some((e) => e.kind === 'edited' && JSON.stringify(e.payload).includes('start_time'))).toBe(false);
  });

  it('candidates cannot be added, removed or moved to another position (409); their manifesto can change', async () => {
    const { id, c } = await election();
    const add = await post(`/api/elections/${id}/candidates`, { user_id: (await createMember(t.app)).id, position: 'Treasurer' });
    expect(add.statusCode).toBe(409);
    expect(add.json()).toEqual(refusal(ELECTION_MSG.candidatesLocked, 'ELECTION_CANDIDATES_LOCKED'));
    const remove = await call('DELETE', `/api/elections/${id}/candidates/${c.bayo}`, admin.headers);
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual(refusal(ELECTION_MSG.candidatesLocked, 'ELECTION_CANDIDATES_LOCKED'));
    const move = await call('PATCH', `/api/elections/${id}/candidates/${c.bayo}`, admin.headers, { position: 'Treasurer' });
    expect(move.statusCode).toBe(409);
    expect(move.json()).toEqual(refusal(ELECTION_MSG.candidatesLocked, 'ELECTION_CANDIDATES_LOCKED'));
    expect((await call('PATCH', `/api/elections/${id}/candidates/${c.bayo}`, admin.headers, { manifesto: 'More lab hours' })).statusCode).toBe(200);
    const rows = await t.app.db.select().from(candidates).where(eq(candidates.election_id, id));
    expect(rows.map((r) => r.position).sort()).toEqual(['President', 'President']);
  });
});

describe('extending and closing voting now', () => {
  it('extends only to a later end while voting is open; the record shows the old and the new end; votes run on until the new end', async () => {
    const upcoming = await election({ open: false });
    const notOpen = await post(`/api/elections/${upcoming.id}/extend`, { end_time: new Date(upcoming.end + HOUR).toISOString() });
    expect(notOpen.statusCode).toBe(409);
    expect(notOpen.json()).toEqual(refusal(ELECTION_MSG.notOpen, 'ELECTION_NOT_OPEN'));

    const { id, c, end, voters: [v] } = await election({ voters: 1 });
    for (const at of [end, end - 60_000, t.clock().getTime() - 1000]) {
      const res = await post(`/api/elections/${id}/extend`, { end_time: new Date(at).toISOString() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(refusal(ELECTION_MSG.extendNotLater, 'ELECTION_EXTEND_NOT_LATER'));
    }
    const newEnd = end + 2 * HOUR;
    const res = await post(`/api/elections/${id}/extend`, { end_time: new Date(newEnd).toISOString() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: ELECTION_MSG.votingExtended, election: { end_time: new Date(newEnd).toISOString(), status: 'active' } });
    const entry = (await readEntries(t.app.db, id)).at(-1)!;
    expect(entry).toMatchObject({ kind: 'extended', payload: { old_end_time: new Date(end).toISOString(), new_end_time: new Date(newEnd).toISOString() } });

    // After the old end, before the new one: voting is still open.
    t.clock.set(new Date(end + HOUR));
    expect((await vote(id, v!.headers, c.amaka)).statusCode).toBe(200);
    const audit = await t.app.db.select().from(auditLog).where(and(eq(auditLog.target_id, id), eq(auditLog.action, 'POST /api/elections/:id/extend')));
    expect(audit.map((a) => [a.outcome, a.summary])).toContainEqual(['ok', 'extended the voting of election']);
  });

  it('Close voting now closes through the record (closed_early, the ballots, closed), refuses later votes, and the record and board verify once the final results are published', async () => {
    const { id, c, end, voters } = await election({ voters: 4 });
    const receipts: string[] = [];
    for (const [i, v] of voters.slice(0, 3).entries()) receipts.push((await vote(id, v.headers, i < 2 ? c.amaka : c.bayo)).json().receipt);
    expect((await post(`/api/elections/${id}/publish-results`)).statusCode).toBe(200); // live results
    expect((await post(`/api/elections/${id}/extend`, { end_time: new Date(end + HOUR).toISOString() })).statusCode).toBe(200);
    advance(60_000);

    const closed = await post(`/api/elections/${id}/close-voting`);
    expect(closed.statusCode).toBe(200);
    const closedAt = t.clock().toISOString();
    expect(closed.json()).toMatchObject({ message: ELECTION_MSG.votingClosed, election: { end_time: closedAt, status: 'ended', voting_closed: true, final_results_published: false } });
    const entries = await readEntries(t.app.db, id);
    const tail = entries.slice(-(receipts.length + 2));
    expect(tail[0]).toMatchObject({ kind: 'closed_early', payload: { end_time: new Date(end + HOUR).toISOString(), closed_at: closedAt } });
    expect(tail.slice(1, -1).map((e) => e.kind)).toEqual(receipts.map(() => 'ballot'));
    expect(tail.at(-1)).toMatchObject({ kind: 'closed', payload: { reason: 'closed early', ballot_count: 3, participation_count: 3 } });

    const late = await vote(id, voters[3]!.headers, c.bayo);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual(refusal(ELECTION_MSG.ended, 'VOTE_ENDED'));
    expect((await post(`/api/elections/${id}/close-voting`)).json()).toEqual(refusal(ELECTION_MSG.notOpen, 'ELECTION_NOT_OPEN'));
    expect((await post(`/api/elections/${id}/extend`, { end_time: new Date(end + 5 * HOUR).toISOString() })).json()).toEqual(refusal(ELECTION_MSG.notOpen, 'ELECTION_NOT_OPEN'));

    // Live results were published, but the board waits for the final results.
    expect((await call('GET', `/api/elections/${id}/board.json`)).json()).toEqual(refusal('The bulletin board appears when the final results are published.', 'ELECTION_BOARD_NOT_PUBLISHED'));
    expect((await post(`/api/elections/${id}/publish-final-results`)).statusCode).toBe(200);
    const { record, board, result } = await verified(id);
    expect(result).toMatchObject({ ok: true, ballots: 3 });
    expect(record.entries.map((e) => e.kind)).toEqual(expect.arrayContaining(['extended', 'closed_early', 'closed', 'results_published']));
    expect(board.ballots.map((b) => b.receipt)).toEqual([...receipts].sort());
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.target_id, id));
    expect(audit.filter((a) => a.outcome === 'ok').map((a) => a.summary)).toEqual(
      expect.arrayContaining(['closed the voting of election', 'published the final results of election']),
    );
  });

  it('votes racing Close voting now are either counted and in the record, or refused: never lost', async () => {
    const { id, c, voters } = await election({ voters: 30 });
    await t.app.electionRecord.settle(id);
    const votes = voters.map((v, i) => vote(id, v.headers, i % 2 ? c.amaka : c.bayo));
    const close = post(`/api/elections/${id}/close-voting`);
    const answers = await Promise.all(votes);
    expect((await close).statusCode).toBe(200);
    const accepted = answers.filter((r) => r.statusCode === 200).map((r) => r.json().receipt as string);
    for (const r of answers.filter((x) => x.statusCode !== 200)) expect(r.json()).toEqual(refusal(ELECTION_MSG.ended, 'VOTE_ENDED'));
    const recorded = (await readEntries(t.app.db, id)).filter((e) => e.kind === 'ballot').map((e) => (e.payload as { receipt_hash: string }).receipt_hash);
    expect(recorded.sort()).toEqual((await Promise.all(accepted.map((r) => receiptHash(r)))).sort());
    expect(await t.app.db.select().from(ballots).where(eq(ballots.election_id, id))).toHaveLength(accepted.length);
    expect(await t.app.db.select().from(electionParticipations).where(eq(electionParticipations.election_id, id))).toHaveLength(accepted.length);
    const rows = await t.app.db.select().from(candidates).where(eq(candidates.election_id, id));
    expect(rows.reduce((n, r) => n + r.vote_count, 0)).toBe(accepted.length);
    expect((await post(`/api/elections/${id}/publish-final-results`)).statusCode).toBe(200);
    expect((await verified(id)).result).toMatchObject({ ok: true, ballots: accepted.length });
  });
});

describe('archiving', () => {
  it('is refused before voting opens (delete instead) and while it is open (close first)', async () => {
    const upcoming = await election({ open: false });
    expect((await post(`/api/elections/${upcoming.id}/archive`)).json()).toEqual(refusal(ELECTION_MSG.archiveNotOpened, 'ELECTION_ARCHIVE_NOT_OPENED'));
    const open = await election();
    const res = await post(`/api/elections/${open.id}/archive`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(refusal(ELECTION_MSG.archiveWhileOpen, 'ELECTION_ARCHIVE_WHILE_OPEN'));
    expect((await row(open.id))!.archived_at).toBeNull();
  });

  it('hides the election from every public read, keeps its ballots, roll and record, and its board and record stay downloadable', async () => {
    const { id, c, voters: [v] } = await election({ voters: 1 });
    const receipt = (await vote(id, v!.headers, c.amaka)).json().receipt as string;
    expect((await post(`/api/elections/${id}/close-voting`)).statusCode).toBe(200);
    expect((await post(`/api/elections/${id}/publish-final-results`)).statusCode).toBe(200);
    const archived = await post(`/api/elections/${id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ message: ELECTION_MSG.electionArchived, election: { archived_at: t.clock().toISOString() } });

    const member = await signedInMember(t.app);
    for (const headers of [{}, member.headers]) {
      const list = (await call('GET', '/api/elections', headers)).json().elections.map((e: { id: string }) => e.id);
      expect(list).not.toContain(id);
      const active = (await call('GET', '/api/voting/elections/active', headers)).json().active_elections.map((e: { id: string }) => e.id);
      expect(active).not.toContain(id);
      for (const url of [`/api/elections/${id}`, `/api/elections/${id}/candidates`, `/api/voting/elections/${id}/results`, `/api/elections/${id}/roll`, `/api/elections/${id}/receipts/${receipt}`]) {
        expect((await call('GET', url, headers)).statusCode, url).toBe(404);
      }
    }
    expect((await call('GET', `/api/elections/${id}/eligibility`, member.headers)).statusCode).toBe(404);
    // Electoral admins still see it, marked archived.
    const adminList = (await call('GET', '/api/elections', admin.headers)).json().elections;
    expect(adminList.find((e: { id: string }) => e.id === id)).toMatchObject({ archived_at: expect.any(String), voting_closed: true });
    expect((await call('GET', `/api/elections/${id}`, admin.headers)).statusCode).toBe(200);
    // Everything is kept, and the archive is in the record that anyone who had the link still verifies.
    expect(await t.app.db.select().from(ballots).where(eq(ballots.election_id, id))).toHaveLength(1);
    expect(await t.app.db.select().from(electionRolls).where(eq(electionRolls.election_id, id))).not.toHaveLength(0);
    const { record, result } = await verified(id);
    expect(result).toMatchObject({ ok: true, ballots: 1 });
    expect(record.entries.at(-1)!.kind).toBe('archived');
    // An archived election is not changed any more.
    expect((await call('PATCH', `/api/elections/${id}`, admin.headers, { title: 'Back again' })).json()).toEqual(refusal(ELECTION_MSG.archived, 'ELECTION_ARCHIVED'));
    expect((await post(`/api/elections/${id}/archive`)).json()).toEqual(refusal(ELECTION_MSG.archived, 'ELECTION_ARCHIVED'));
    expect((await call('DELETE', `/api/elections/${id}`, admin.headers)).statusCode).toBe(409);
    const audit = await t.app.db.select().from(auditLog).where(and(eq(auditLog.target_id, id), eq(auditLog.action, 'POST /api/elections/:id/archive')));
    expect(audit.map((a) => [a.outcome, a.summary])).toContainEqual(['ok', 'archived election']);
  });
});

describe('titles', () => {
  it('are unique case-insensitively among elections not archived; an archived election\'s title may be used again', async () => {
    const first = await election({ title: 'Spring Vote 2027' });
    const twin = await post('/api/elections', { title: '  SPRING vote 2027 ', start_time: new Date(t.clock().getTime() + HOUR).toISOString(), end_time: new Date(t.clock().getTime() + 2 * HOUR).toISOString() });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual(refusal(ELECTION_MSG.titleTaken, 'ELECTION_TITLE_TAKEN', { field: 'title' }));
    const other = await election({ open: false, title: 'Autumn Vote 2027' });
    const renamed = await call('PATCH', `/api/elections/${other.id}`, admin.headers, { title: 'spring VOTE 2027' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().code).toBe('ELECTION_TITLE_TAKEN');
    expect((await row(other.id))!.title).toBe('Autumn Vote 2027');

    expect((await post(`/api/elections/${first.id}/close-voting`)).statusCode).toBe(200);
    expect((await post(`/api/elections/${first.id}/archive`)).statusCode).toBe(200);
    const reused = await post('/api/elections', { title: 'Spring Vote 2027', start_time: new Date(t.clock().getTime() + HOUR).toISOString(), end_time: new Date(t.clock().getTime() + 2 * HOUR).toISOString() });
    expect(reused.statusCode).toBe(201);
  });
});

describe('final results', () => {
  it('are an explicit step after the close, even when live results were published; the board stays 403 until then', async () => {
    const { id, c, end, voters: [v] } = await election({ voters: 1 });
    const before = await post(`/api/elections/${id}/publish-final-results`);
    expect(before.statusCode).toBe(409);
    expect(before.json()).toEqual(refusal(ELECTION_MSG.finalBeforeClose, 'ELECTION_FINAL_BEFORE_CLOSE'));
    expect((await vote(id, v!.headers, c.bayo)).statusCode).toBe(200);
    expect((await post(`/api/elections/${id}/publish-results`)).json().election).toMatchObject({ results_published: true, final_results_published: false });

    // Voting ends by the clock: closed, but the count is not final until the committee says so.
    t.clock.set(new Date(end + 1000));
    expect((await call('GET', `/api/elections/${id}/record.json`)).statusCode).toBe(403);
    expect(await kinds(id)).not.toContainEqual('closed_early');
    const closedKinds = await kinds(id);
    expect(closedKinds.at(-1)).toBe('closed');
    expect((await row(id))!.final_results_published_at).toBeNull();

    const final = await post(`/api/elections/${id}/publish-final-results`);
    expect(final.statusCode).toBe(200);
    expect(final.json()).toMatchObject({ message: ELECTION_MSG.finalResultsPublished, election: { final_results_published: true, results_published: true } });
    const entries = await readEntries(t.app.db, id);
    expect(entries.at(-1)).toMatchObject({ kind: 'results_published', payload: { final: true } });
    expect(entries.filter((e) => e.kind === 'results_published').map((e) => (e.payload as { final: boolean }).final)).toEqual([false, true]);
    expect((await post(`/api/elections/${id}/publish-final-results`)).json()).toEqual(refusal(ELECTION_MSG.finalAlreadyPublished, 'ELECTION_FINAL_ALREADY_PUBLISHED'));
    expect((await verified(id)).result).toMatchObject({ ok: true, ballots: 1 });
  });

  it('only electoral admins may extend, close, archive or publish the final results', async () => {
    const { id } = await election();
    const member = await signedInMember(t.app);
    const other = await signedInAdmin(t.app, ['is_data_admin']);
    for (const action of ['extend', 'close-voting', 'archive', 'publish-final-results']) {
      const payload = action === 'extend' ? { end_time: new Date(t.clock().getTime() + 9 * HOUR).toISOString() } : undefined;
      expect((await call('POST', `/api/elections/${id}/${action}`, {}, payload)).statusCode).toBe(401);
      expect((await call('POST', `/api/elections/${id}/${action}`, member.headers, payload)).statusCode).toBe(403);
      expect((await call('POST', `/api/elections/${id}/${action}`, other.headers, payload)).statusCode).toBe(403);
    }
    expect((await row(id))!.voting_closed_at).toBeNull();
  });
});

describe('migration 0022 and the titles already shared', () => {
  /** A new database migrated up to the migration before 0022, with the migrations folder as it was then. */
  async function databaseBefore0022() {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const mine = journal.entries.findIndex((e) => e.tag === '0022_election_lifecycle');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aesa-migrations-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const entries = journal.entries.slice(0, mine);
    fs.mkdirSync(path.join(dir, 'meta'));
    fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
    const adminUrl = inject('pgAdminUrl');
    const name = `${testDatabasePrefix(inject('pgTemplate'))}m${randomBytes(5).toString('hex')}`;
    await withClient(adminUrl, (c) => c.query(`create database ${name}`));
    const conn = connect(withDatabase(adminUrl, name), 'postgres', 3);
    cleanups.push(async () => {
      await conn.close();
      await withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    });
    await migrate(conn.db, { migrationsFolder: dir });
    return conn;
  }

  it('renames and archives nothing: the newest keeps the title in the index, older twins are kept aside; final results already in a record count as published', async () => {
    const conn = await databaseBefore0022();
    const q = async (text: string, values: unknown[] = []) => (await conn.pool.query(text, values)).rows;
    const [older, newer, other] = await q(
      `insert into elections (title, start_time, end_time, created_at) values
         ('Spring Vote', now() - interval '400 days', now() - interval '399 days', now() - interval '401 days'),
         ('SPRING VOTE', now() - interval '10 days', now() - interval '9 days', now() - interval '11 days'),
         ('Autumn Vote', now() - interval '5 days', now() - interval '4 days', now() - interval '6 days')
       returning id`,
    );
    const at = new Date(Date.now() - 9 * 86_400_000);
    await q(`insert into election_record (election_id, seq, kind, payload, prev_hash, hash, recorded_at) values ($1, 1, 'results_published', '{"final":true,"tallies":[]}', $2, $3, $4), ($5, 1, 'results_published', '{"final":false}', $2, $3, $4)`, [
      newer!.id, '0'.repeat(64), 'a'.repeat(64), at, other!.id,
    ]);

    await migrate(conn.db, { migrationsFolder: MIGRATIONS_DIR });
    const rows = await q(`select id, title, title_duplicate_kept, archived_at, final_results_published_at from elections order by created_at`);
    expect(rows.map((r) => [r.title, r.title_duplicate_kept, r.archived_at])).toEqual([['Spring Vote', true, null], ['SPRING VOTE', false, null], ['Autumn Vote', false, null]]);
    expect(rows.map((r) => r.final_results_published_at?.getTime() ?? null)).toEqual([null, at.getTime(), null]);
    // No new election takes the shared title; the older twin joins the unique titles once renamed.
    await expect(q(`insert into elections (title, start_time, end_time) values ('spring vote', now(), now() + interval '1 day')`)).rejects.toMatchObject({ constraint: 'elections_title_key' });
    await q(`update elections set title = 'Spring Vote 2025', title_duplicate_kept = false where id = $1`, [older!.id]);
    await expect(q(`insert into elections (title, start_time, end_time) values ('SPRING VOTE 2025', now(), now() + interval '1 day')`)).rejects.toMatchObject({ constraint: 'elections_title_key' });
  });
});
