import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEAL_AFTER_END_MS, sealClosedElections } from '../src/modules/voting/ballot-storage.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createMember } from './support/factories.ts';
import { addCandidate, createElection, fastVoters } from './support/elections.ts';

// During voting, a vote's participation and ballot are written by one transaction: they share
// its transaction id and sit at the ends of their tables in vote order. Once voting has closed,
// the seal rewrites them so that neither the transaction ids nor the storage order pair them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3600_000;
const q = async <R extends Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.database.pool.query<R>(text, values)).rows;

async function votedElection(voters = 12) {
  const election = await createElection(t.app);
  const a = await addCandidate(t.app, election.id, (await createMember(t.app)).id, 'President');
  const b = await addCandidate(t.app, election.id, (await createMember(t.app)).id, 'President');
  const members = await fastVoters(t.app, voters);
  for (const [i, m] of members.entries()) {
    const res = await t.app.inject({ method: 'POST', url: `/api/voting/elections/${election.id}/vote`, headers: m.headers, payload: { candidate_id: (i % 3 ? a : b).id, position: 'President' } });
    expect(res.statusCode).toBe(200);
  }
  return { election, a, b };
}

/**
 * Per table, how many distinct transaction ids the election's rows carry, and how many
 * transaction ids wrote exactly one ballot and one participation (a pair they would give away).
 */
const xmins = async (electionId: string) =>
  (
    await q<{ ballots: number; participations: number; pairs: number }>(
      `select (select count(distinct xmin::text)::int from ballots where election_id = $1) as ballots,
              (select count(distinct xmin::text)::int from election_participations where election_id = $1) as participations,
              (select count(*)::int from
                 (select xmin::text x from ballots where election_id = $1 group by 1 having count(*) = 1) b
                 join (select xmin::text x from election_participations where election_id = $1 group by 1 having count(*) = 1) p using (x)) as pairs`,
      [electionId],
    )
  )[0]!;

describe('sealing the ballots once voting has closed', () => {
  it('leaves no transaction id or storage order that pairs a participation with its ballot; counts unchanged', async () => {
    const { election, a, b } = await votedElection();
    // While voting: each vote's two rows share a transaction id.
    expect(await xmins(election.id)).toEqual({ ballots: 12, participations: 12, pairs: 12 });
    const before = await q(`select id, position, candidate_id, receipt from ballots where election_id = $1 order by receipt`, [election.id]);

    // Still open, or closed less than a minute ago: not sealed.
    expect(await sealClosedElections(t.database.pool, t.clock())).toBe(0);
    await t.database.pool.query(`update elections set end_time = $2 where id = $1`, [election.id, new Date(t.clock().getTime() - SEAL_AFTER_END_MS / 2)]);
    expect(await sealClosedElections(t.database.pool, t.clock())).toBe(0);

    await t.database.pool.query(`update elections set end_time = $2 where id = $1`, [election.id, new Date(t.clock().getTime() - HOUR)]);
    expect(await sealClosedElections(t.database.pool, t.clock())).toBe(1);

    expect(await xmins(election.id)).toEqual({ ballots: 1, participations: 1, pairs: 0 });
    // Ballots are stored in receipt order now, participations in member order: not vote order.
    expect((await q(`select receipt from ballots where election_id = $1 order by ctid`, [election.id])).map((r) => r.receipt)).toEqual(before.map((r) => r.receipt));
    const members = await q<{ member_id: string }>(`select member_id from election_participations where election_id = $1 order by ctid`, [election.id]);
    expect(members.map((m) => m.member_id)).toEqual(members.map((m) => m.member_id).sort());
    // The same ballots (ids, receipts, choices) and tallies.
    expect(await q(`select id, position, candidate_id, receipt from ballots where election_id = $1 order by receipt`, [election.id])).toEqual(before);
    expect((await q<{ vote_count: number }>(`select vote_count from candidates where id = any($1::uuid[]) order by vote_count`, [[a.id, b.id]])).map((r) => r.vote_count)).toEqual([4, 8]);
    // The tally rows carry the seal's transaction, not the last vote's.
    const { n } = (await q<{ n: number }>(`select count(*)::int as n from candidates c join election_participations p on p.xmin::text <> c.xmin::text where c.election_id = $1 and p.election_id = $1`, [election.id]))[0]!;
    expect(n).toBe(0);
    // Done once.
    expect(await sealClosedElections(t.database.pool, t.clock())).toBe(0);
    const [row] = await q<{ sealed: Date | null }>(`select ballots_sealed_at as sealed from elections where id = $1`, [election.id]);
    expect(row!.sealed).toEqual(t.clock());
  });

  it('seals again an election reopened and closed again', async () => {
    // The late voter exists before voting opens, so is on the voter roll frozen then.
    const [late] = await fastVoters(t.app, 1);
    const { election, a } = await votedElection(3);
    const now = t.clock().getTime();
    await t.database.pool.query(`update elections set end_time = $2 where id = $1`, [election.id, new Date(now - HOUR)]);
    expect(await sealClosedElections(t.database.pool, t.clock())).toBe(1);
    // Reopened: a late vote gets its own transaction id again...
    await t.database.pool.query(`update elections set end_time = $2 where id = $1`, [election.id, new Date(now + HOUR)]);
    expect((await t.app.inject({ method: 'POST', url: `/api/voting/elections/${election.id}/vote`, headers: late!.headers, payload: { candidate_id: a.id, position: 'President' } })).statusCode).toBe(200);
    expect((await xmins(election.id)).pairs).toBe(1);
    // ...and closing again seals it again.
    t.clock.set(new Date(now + 2 * HOUR));
    try {
      expect(await sealClosedElections(t.database.pool, t.clock())).toBe(1);
    } finally {
      t.clock.set(new Date(now));
    }
    expect(await xmins(election.id)).toEqual({ ballots: 1, participations: 1, pairs: 0 });
  });
});
