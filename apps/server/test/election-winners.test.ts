import { ADMIN_MSG } from '@aesa/shared/admin';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { WINNERS_MSG } from '@aesa/shared/election-winners';
import type { Position } from '@aesa/shared/constants';
import { auditLog, candidates, elections, executives } from '../src/db/schema.ts';
import { useTestApp } from './support/use-test-app.ts';
import { createMember, signedInAdmin, signedInMember } from './support/factories.ts';
import { addCandidate, createElection } from './support/elections.ts';
import { refusal } from './support/refusal.ts';

const t = useTestApp();
const HOUR = 3600_000;
let electoralH: Record<string, string>;
let dataH: Record<string, string>;
let eventH: Record<string, string>;
let memberH: Record<string, string>;

beforeAll(async () => {
  t.clock.set(new Date('2027-06-01T08:00:00Z'));
  electoralH = (await signedInAdmin(t.app, ['is_electoral_admin'])).headers;
  dataH = (await signedInAdmin(t.app, ['is_data_admin'])).headers;
  eventH = (await signedInAdmin(t.app, ['is_event_admin'])).headers;
  memberH = (await signedInMember(t.app)).headers;
});

const install = (id: string, headers: Record<string, string>, payload: object = { year: '2027-2028' }) =>
  t.app.inject({ method: 'POST', url: `/api/elections/${id}/install-winners`, headers, payload });
const preview = (id: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/elections/${id}/winners`, headers });

/** An election that ended an hour ago, its final results published (after the close) unless said otherwise. */
function endedElection(o: Partial<typeof elections.$inferInsert> = {}) {
  const now = t.clock().getTime();
  const published = o.results_published ?? true;
  return createElection(t.app, {
    start_time: new Date(now - 48 * HOUR),
    end_time: new Date(now - HOUR),
    results_published: published,
    final_results_published_at: published ? new Date(now - HOUR / 2) : null,
    ...o,
  });
}

async function standing(electionId: string, position: Position, name: string, votes: number) {
  const member = await createMember(t.app, { name });
  const c = await addCandidate(t.app, electionId, member.id, position);
  await t.app.db.update(candidates).set({ vote_count: votes }).where(eq(candidates.id, c.id));
  return member;
}

async function holder(position: string, name: string) {
  const member = await createMember(t.app, { name });
  const [row] = await t.app.db.insert(executives).values({ user_id: member.id, position, year: '2026-2027', is_current: true, created_at: new Date(t.clock().getTime() - 300 * 24 * HOUR) }).returning();
  return { member, executive: row! };
}

const recordsOf = (userId: string) => t.app.db.select().from(executives).where(eq(executives.user_id, userId));

describe('installing the winners as executives', () => {
  it('installs each winner, ends the previous holders’ terms, lists ties and leaves them and empty positions alone', async () => {
    const e = await endedElection();
    const ada = await standing(e.id, 'President', 'Ada President', 5);
    await standing(e.id, 'President', 'Bola Runner', 3);
    const tieA = await standing(e.id, 'Vice President', 'Chidi Tied', 2);
    const tieB = await standing(e.id, 'Vice President', 'Dayo Tied', 2);
    await standing(e.id, 'General Secretary', 'Ebere Unvoted', 0);
    const femi = await standing(e.id, 'Treasurer', 'Femi Treasurer', 1);
    const oldPresident = await holder('President', 'Old President');
    const oldVp = await holder('Vice President', 'Old Vice');
    const oldSports = await holder('Sports Director', 'Old Sports'); // no candidate for it: untouched
    // The Treasurer-elect was Social Director: one office per member, that term ends too.
    const [femiSocial] = await t.app.db.insert(executives).values({ user_id: femi.id, position: 'Social Director', year: '2026-2027', is_current: true }).returning();

    const before = await preview(e.id, electoralH);
    expect(before.statusCode).toBe(200);
    // The form proposes the session today falls in (1 June 2027, none marked current): 2026-2027.
    expect(before.json()).toMatchObject({ state: 'ready', installed_at: null, default_year: '2026-2027' });
    const byPosition = Object.fromEntries((before.json().positions as { position: string; tied: { user_id: string }[] }[]).map((p) => [p.position, p]));
    expect(byPosition['President']).toMatchObject({ outcome: 'winner', winner: { user_id: ada.id, name: 'Ada President', votes: 5 }, ending: [{ user_id: oldPresident.member.id, name: 'Old President', position: 'President' }] });
    expect(byPosition['Vice President']).toMatchObject({ outcome: 'tie', winner: null });
    expect(byPosition['Vice President']!.tied.map((c) => c.user_id).sort()).toEqual([tieA.id, tieB.id].sort());
    expect(byPosition['General Secretary']).toMatchObject({ outcome: 'no-votes', winner: null });
    expect(byPosition['Treasurer']).toMatchObject({ outcome: 'winner', ending: [{ user_id: femi.id, position: 'Social Director' }] });
    expect(Object.keys(byPosition)).toEqual(['President', 'Vice President', 'General Secretary', 'Treasurer']); // ballot order

    const res = await install(e.id, electoralH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: WINNERS_MSG.installed(2, '2027-2028'), year: '2027-2028' });

    const now = t.clock();
    const [adaRecord] = await recordsOf(ada.id);
    expect(adaRecord).toMatchObject({ position: 'President', year: '2027-2028', is_current: true, end_date: null });
    const [oldP] = await recordsOf(oldPresident.member.id);
    expect(oldP).toMatchObject({ is_current: false, end_date: now });
    const femiRecords = await recordsOf(femi.id);
    expect(femiRecords.find((r) => r.id === femiSocial!.id)).toMatchObject({ is_current: false, end_date: now });
    expect(femiRecords.find((r) => r.position === 'Treasurer')).toMatchObject({ is_current: true, end_date: null, year: '2027-2028' });
    // The tie is not installed: the old Vice President stays, nobody tied got an office.
    expect((await recordsOf(oldVp.member.id))[0]).toMatchObject({ is_current: true, end_date: null });
    expect(await recordsOf(tieA.id)).toEqual([]);
    expect(await recordsOf(tieB.id)).toEqual([]);
    expect((await recordsOf(oldSports.member.id))[0]).toMatchObject({ is_current: true, end_date: null });

    // The public list (the About page) shows the new council at once, and the answer carries it.
    const pub = (await t.app.inject({ method: 'GET', url: '/api/executives' })).json().data as { position: string; user: { id: string } }[];
    const holderOf = (p: string) => pub.filter((x) => x.position === p).map((x) => x.user.id);
    expect(holderOf('President')).toEqual([ada.id]);
    expect(holderOf('Treasurer')).toEqual([femi.id]);
    expect(holderOf('Vice President')).toEqual([oldVp.member.id]);
    expect(holderOf('Social Director')).toEqual([]);
    expect(res.json().executives).toEqual(pub);

    // Audited, by route and election.
    const entries = await t.app.db.select().from(auditLog).where(and(eq(auditLog.route, '/api/elections/:id/install-winners'), eq(auditLog.target_id, e.id)));
    expect(entries.map((r) => r.outcome)).toEqual(['ok']);
    expect(entries[0]!.summary).toContain('installed the winners of');

    // Once per election: a second install is refused and changes nothing.
    const count = (await t.app.db.select().from(executives)).length;
    const again = await install(e.id, dataH, { year: '2028-2029' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refusal(WINNERS_MSG.alreadyInstalled('2027-2028'), 'ELECTION_WINNERS_ALREADY_INSTALLED'));
    expect((await t.app.db.select().from(executives)).length).toBe(count);
    expect((await preview(e.id, dataH)).json()).toMatchObject({ state: 'installed', installed_year: '2027-2028' });
  });

  it('is refused before the final results: results unpublished, or voting still open (live results)', async () => {
    const unpublished = await endedElection({ results_published: false });
    await standing(unpublished.id, 'President', 'Gozie Unpublished', 3);
    const now = t.clock().getTime();
    const live = await createElection(t.app, { start_time: new Date(now - HOUR), end_time: new Date(now + HOUR), results_published: true });
    const gozie2 = await standing(live.id, 'President', 'Gozie Live', 3);
    for (const e of [unpublished, live]) {
      const res = await install(e.id, electoralH);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(refusal(WINNERS_MSG.notFinal, 'ELECTION_WINNERS_NOT_FINAL'));
      expect((await preview(e.id, electoralH)).json()).toMatchObject({ state: 'not-final', positions: [] });
    }
    expect(await recordsOf(gozie2.id)).toEqual([]);
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.target_id, live.id));
    expect(entries.map((r) => r.outcome)).toEqual(['failed']);
  });

  it('only a tie or no votes anywhere: nothing to install (409)', async () => {
    const e = await endedElection();
    await standing(e.id, 'President', 'Tie One', 1);
    await standing(e.id, 'President', 'Tie Two', 1);
    const res = await install(e.id, electoralH);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ELECTION_WINNERS_NONE');
    const [row] = await t.app.db.select().from(elections).where(eq(elections.id, e.id));
    expect(row!.winners_installed_at).toBeNull();
  });

  it('electoral and data admins may; other admins and members may not; a bad year, an unknown election are refused', async () => {
    const e = await endedElection();
    const winner = await standing(e.id, 'Welfare Director', 'Welfare Winner', 4);
    expect((await install(e.id, eventH)).statusCode).toBe(403);
    expect((await install(e.id, memberH)).statusCode).toBe(403);
    expect((await preview(e.id, eventH)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/elections/${e.id}/install-winners`, payload: { year: '2027' } })).statusCode).toBe(401);
    for (const year of ['2027', '2027/2028', '2027-2029', 'next year', '']) {
      const bad = await install(e.id, dataH, { year });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(ADMIN_MSG.yearInvalid);
    }
    expect((await install('00000000-0000-4000-8000-000000000000', dataH)).statusCode).toBe(404);
    expect(await recordsOf(winner.id)).toEqual([]);
    const denied = await t.app.db.select().from(auditLog).where(and(eq(auditLog.target_id, e.id), eq(auditLog.outcome, 'denied')));
    expect(denied.length).toBeGreaterThanOrEqual(2);
    const ok = await install(e.id, dataH, { year: '2027-2028' });
    expect(ok.statusCode).toBe(200);
    expect((await recordsOf(winner.id))[0]).toMatchObject({ position: 'Welfare Director', year: '2027-2028', is_current: true });
  });

  it('two admins installing at once: one installs, the other is refused, one record per winner', async () => {
    const e = await endedElection();
    const winner = await standing(e.id, 'Public Relations Officer', 'PRO Winner', 2);
    const answers = await Promise.all([install(e.id, electoralH), install(e.id, dataH), install(e.id, electoralH)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await recordsOf(winner.id)).toHaveLength(1);
  });
});
