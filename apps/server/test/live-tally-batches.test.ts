import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PositionResult } from '@aesa/shared/elections';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createMember, signedInAdmin, signedInMember } from './support/factories.ts';
import { addCandidate, createElection, fastVoters, listen, openSocket, startSecondApp, type TestSocket } from './support/elections.ts';

// While voting is open, public viewers (visitors, members, admins without the electoral
// permission) see the tallies in batches: a position's count moves only by at least 3 votes, and
// at most one batch per 10 s (by the app clock). Electoral admins see the live counts. After the
// end everyone sees the final counts.

const BATCH_MS = 10_000;
let t: TestApp;
let base: string;
let electoral: Awaited<ReturnType<typeof signedInAdmin>>;
let dataAdmin: Awaited<ReturnType<typeof signedInAdmin>>;
let member: Awaited<ReturnType<typeof signedInMember>>;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ liveTally: { batchMs: BATCH_MS, minVotes: 3 } });
  base = await listen(t.app);
  electoral = await signedInAdmin(t.app, ['is_electoral_admin']);
  dataAdmin = await signedInAdmin(t.app, ['is_data_admin', 'is_editorial_admin', 'is_email_admin', 'is_event_admin']);
  member = await signedInMember(t.app);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t.close();
});

const read = async (app: TestApp['app'], id: string, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url: `/api/voting/elections/${id}/results`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().results as PositionResult[];
};
const counts = (r: PositionResult[]) => Object.fromEntries(r.flatMap((p) => p.candidates.map((c) => [c.candidate_name, c.votes])));
const vote = async (electionId: string, headers: Record<string, string>, candidate_id: string, position: string) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/voting/elections/${electionId}/vote`, headers, payload: { candidate_id, position } });
  expect(res.statusCode).toBe(200);
};

async function openElection() {
  const e = await createElection(t.app, { results_published: true });
  const ada = await addCandidate(t.app, e.id, (await createMember(t.app, { name: 'Ada' })).id, 'President');
  const bayo = await addCandidate(t.app, e.id, (await createMember(t.app, { name: 'Bayo' })).id, 'President');
  const chi = await addCandidate(t.app, e.id, (await createMember(t.app, { name: 'Chi' })).id, 'Vice President');
  return { e, ada, bayo, chi };
}

describe('public tallies while voting is open', () => {
  it('over HTTP: public readers get the last batch, electoral admins the live counts, everyone the final counts after the end', async () => {
    const { e, ada, bayo, chi } = await openElection();
    const voters = await fastVoters(t.app, 8);
    const publicViews = () => Promise.all([{}, member.headers, dataAdmin.headers].map(async (h) => counts(await read(t.app, e.id, h))));
    const expectPublic = async (expected: Record<string, number>) => {
      for (const view of await publicViews()) expect(view).toEqual(expected);
    };

    // Two votes for President: fewer than 3, so public readers still see the zeros.
    await vote(e.id, voters[0]!.headers, ada.id, 'President');
    await vote(e.id, voters[1]!.headers, bayo.id, 'President');
    await vote(e.id, voters[0]!.headers, chi.id, 'Vice President');
    await expectPublic({ Ada: 0, Bayo: 0, Chi: 0 });
    expect(counts(await read(t.app, e.id, electoral.headers))).toEqual({ Ada: 1, Bayo: 1, Chi: 1 });

    // The third vote for President: the first batch moves President, not Vice President (1 vote).
    await vote(e.id, voters[2]!.headers, ada.id, 'President');
    await expectPublic({ Ada: 2, Bayo: 1, Chi: 0 });

    // Three more for President within the 10 s: the batch waits for the interval.
    for (const v of voters.slice(3, 6)) await vote(e.id, v.headers, bayo.id, 'President');
    t.clock.advance(BATCH_MS - 1000);
    await expectPublic({ Ada: 2, Bayo: 1, Chi: 0 });
    t.clock.advance(1000);
    await expectPublic({ Ada: 2, Bayo: 4, Chi: 0 });
    expect(counts(await read(t.app, e.id, electoral.headers))).toEqual({ Ada: 2, Bayo: 4, Chi: 1 });

    // Polling gains nothing: one more vote and the interval passed, still fewer than 3 new ones.
    await vote(e.id, voters[6]!.headers, ada.id, 'President');
    t.clock.advance(BATCH_MS);
    await expectPublic({ Ada: 2, Bayo: 4, Chi: 0 });

    // After the end of voting: the final counts for everyone.
    const now = t.clock();
    t.clock.set(new Date(e.end_time.getTime() + 1000));
    try {
      for (const view of await publicViews()) expect(view).toEqual({ Ada: 3, Bayo: 4, Chi: 1 });
    } finally {
      t.clock.set(now);
    }
  });

  it('before publication public readers get nothing (403), as before', async () => {
    const e = await createElection(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/voting/elections/${e.id}/results`, headers: member.headers });
    expect(res.statusCode).toBe(403);
  });

  it('two processes show the same batches: the batch is cut once, in the database', async () => {
    const { e, ada } = await openElection();
    const other = await startSecondApp(t);
    try {
      // All four voters exist before voting opens: the roll is frozen at the first vote.
      const [fourth, ...voters] = await fastVoters(t.app, 4);
      for (const v of voters) await vote(e.id, v.headers, ada.id, 'President');
      // Both processes read at once: each may decide a batch is due; only one is stored.
      const [a, b] = await Promise.all([read(t.app, e.id), read(other.app, e.id)]);
      const { rows } = await t.database.pool.query('select counts, cut_at from election_tally_batches where election_id = $1', [e.id]);
      expect(rows).toHaveLength(1);
      // Each answer is either the stored batch or the zeros before it, never a batch of its own.
      for (const view of [a, b]) expect([0, 3]).toContain(counts(view).Ada);
      expect(counts(await read(t.app, e.id)).Ada).toBe(3);
      expect(counts(await read(other.app, e.id)).Ada).toBe(3);
      // A fourth vote and the interval passed: B follows the shared batch (3), it does not start
      // one of its own from the live count (4), which would reveal the single vote by comparison.
      await vote(e.id, fourth!.headers, ada.id, 'President');
      t.clock.advance(BATCH_MS);
      expect(counts(await read(other.app, e.id)).Ada).toBe(3);
      expect(counts(await read(t.app, e.id)).Ada).toBe(3);
    } finally {
      await other.close();
    }
  });

  it('over the socket: a member sees a batch only after 3 votes for a position and the interval; an electoral admin sees every vote', async () => {
    const { e, ada, bayo } = await openElection();
    const open = async (token?: string) => {
      const s = await openSocket(base);
      sockets.push(s);
      s.send({ event: 'join-election-room', electionId: e.id, ...(token ? { token } : {}) });
      await s.waitFor((m) => m.event === 'joined');
      return s;
    };
    const admin = await open(electoral.token);
    const signedIn = await open(member.token);
    const visitor = await open();
    const updates = (s: TestSocket) => s.messages.filter((m) => m.event === 'vote-update').map((m) => counts((m as { results: PositionResult[] }).results));
    const voters = await fastVoters(t.app, 6);

    await vote(e.id, voters[0]!.headers, ada.id, 'President');
    await admin.waitFor((m) => m.event === 'vote-update' && counts(m.results).Ada === 1);
    await vote(e.id, voters[1]!.headers, bayo.id, 'President');
    await admin.waitFor((m) => m.event === 'vote-update' && counts(m.results).Bayo === 1);
    await new Promise((r) => setTimeout(r, 1500)); // beyond a sweep: a batch would have been cut
    for (const s of [signedIn, visitor]) expect(updates(s)).toEqual([]);

    await vote(e.id, voters[2]!.headers, ada.id, 'President');
    for (const s of [signedIn, visitor]) await s.waitFor((m) => m.event === 'vote-update' && counts(m.results).Ada === 2, 3000);

    // Three more within the interval: nothing until the app clock passes it.
    for (const v of voters.slice(3, 6)) await vote(e.id, v.headers, bayo.id, 'President');
    await admin.waitFor((m) => m.event === 'vote-update' && counts(m.results).Bayo === 4);
    await new Promise((r) => setTimeout(r, 1500));
    for (const s of [signedIn, visitor]) expect(updates(s)).toEqual([{ Ada: 2, Bayo: 1, Chi: 0 }]);
    t.clock.advance(BATCH_MS);
    for (const s of [signedIn, visitor]) await s.waitFor((m) => m.event === 'vote-update' && counts(m.results).Bayo === 4, 3000);
    for (const s of [signedIn, visitor]) expect(updates(s)).toEqual([{ Ada: 2, Bayo: 1, Chi: 0 }, { Ada: 2, Bayo: 4, Chi: 0 }]);
    // The admin saw every vote (coalesced windows aside), each of the public batches never.
    expect(updates(admin).map((u) => (u.Ada ?? 0) + (u.Bayo ?? 0))).toContain(1);
  });
});
