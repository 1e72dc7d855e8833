import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ballots, candidates, electionParticipations } from '../src/db/schema.ts';
import { newToken } from '../src/lib/tokens.ts';
import { useTestApp } from '../test/support/use-test-app.ts';
import { createMember } from '../test/support/factories.ts';
import { addCandidate, createElection, fastVoters } from '../test/support/elections.ts';
import { listenForStrangers, strangerFlood } from './support/stranger.ts';

// Attack: the vote route looks its session up in the vote's own statement, not in the access
// hook (one round trip a vote). A stranger on the network tries to make that path count a vote
// it may not cast: with tokens it made up, with tokens of members who signed out, with forged
// forwarding headers, all at once and in parallel with the members' own votes, and by voting
// with a token while its member signs out. Every such vote must get 401 and count nothing;
// every vote that got 200 is counted once.

const t = useTestApp();
const server = listenForStrangers(t);

const votePath = (electionId: string) => `/api/voting/elections/${electionId}/vote`;

describe('the vote path against a stranger with bad sessions', () => {
  it('made-up, signed-out and forged-header tokens, in parallel with live ones: 401 for each, only the live votes counted', async () => {
    const election = await createElection(t.app);
    const candidate = await addCandidate(t.app, election.id, (await createMember(t.app)).id, 'President');
    const voters = await fastVoters(t.app, 60);
    const [live, signedOut] = [voters.slice(0, 30), voters.slice(30)];
    for (const v of signedOut) expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: v.headers })).statusCode).toBe(200);

    const ballot = { candidate_id: candidate.id, position: 'President' };
    const request = (headers: Record<string, string>) => ({ method: 'POST', path: votePath(election.id), headers, body: ballot });
    const madeUp = Array.from({ length: 30 }, () => request({ authorization: `Bearer ${newToken().token}` }));
    const revoked = signedOut.map((v) => request(v.headers));
    const forged = signedOut.map((v) => request({ ...v.headers, 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', 'x-forwarded-proto': 'https' }));
    const own = live.map((v) => request(v.headers));
    // Interleaved, 40 at a time over kept-alive connections.
    const all = own.flatMap((r, i) => [r, madeUp[i]!, revoked[i]!, forged[i]!]);
    const results = await strangerFlood(server.port, all, 40);

    const statusOf = (kind: number) => results.filter((_, i) => i % 4 === kind).map((r) => r.status);
    expect(new Set(statusOf(0))).toEqual(new Set([200]));
    for (const kind of [1, 2, 3]) {
      expect(new Set(statusOf(kind))).toEqual(new Set([401]));
      expect(new Set(results.filter((_, i) => i % 4 === kind).map((r) => r.code))).toEqual(new Set(['UNAUTHENTICATED']));
    }
    const taken = await t.app.db.select().from(electionParticipations).where(eq(electionParticipations.election_id, election.id));
    expect(taken.map((p) => p.member_id).sort()).toEqual(live.map((v) => v.user.id).sort());
    expect(await t.app.db.$count(ballots, eq(ballots.election_id, election.id))).toBe(30);
    const [row] = await t.app.db.select({ n: candidates.vote_count }).from(candidates).where(eq(candidates.id, candidate.id));
    expect(row!.n).toBe(30);
  });

  it('a vote racing its own sign-out either counts (200) or is refused (401) and counts nothing', async () => {
    const election = await createElection(t.app);
    const candidate = await addCandidate(t.app, election.id, (await createMember(t.app)).id, 'President');
    const voters = await fastVoters(t.app, 40);
    const ballot = { candidate_id: candidate.id, position: 'President' };
    const [votes] = await Promise.all([
      strangerFlood(server.port, voters.map((v) => ({ method: 'POST', path: votePath(election.id), headers: v.headers, body: ballot })), 40),
      Promise.all(voters.map((v) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: v.headers }))),
    ]);
    const taken = new Set((await t.app.db.select().from(electionParticipations).where(eq(electionParticipations.election_id, election.id))).map((p) => p.member_id));
    voters.forEach((v, i) => {
      expect([200, 401], `voter ${i}`).toContain(votes[i]!.status);
      expect(taken.has(v.user.id), `voter ${i}: counted exactly when answered 200`).toBe(votes[i]!.status === 200);
    });
    const [row] = await t.app.db.select({ n: candidates.vote_count }).from(candidates).where(eq(candidates.id, candidate.id));
    expect(row!.n).toBe(taken.size);
  });
});
