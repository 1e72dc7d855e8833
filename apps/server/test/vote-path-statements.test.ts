import pg from 'pg';
import { expect, it } from 'vitest';
import { useTestApp } from './support/use-test-app.ts';
import { addCandidate, createElection, fastVoters } from './support/elections.ts';

// The election's due work is done before the handler of the routes that need it (the `settles`
// route option): once the roll is frozen, a vote asks nothing more of the database than its one
// statement, which looks up the session it is signed in with too.

const t = useTestApp();

it('a vote after the opening sends its one statement, the session lookup included, nothing else', async () => {
  const election = await createElection(t.app);
  const [a, b, c] = await fastVoters(t.app, 3);
  const candidate = await addCandidate(t.app, election.id, a!.user.id, 'President');
  const vote = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/voting/elections/${election.id}/vote`, headers, payload: { candidate_id: candidate.id, position: 'President' } });
  expect((await vote(b!.headers)).statusCode).toBe(200); // the first one opens voting: the roll freezes

  // The background jobs (reminders, sweeps, the leader's own keep-alive) send statements on their
  // own clock; stopped, they cannot land in the window and be taken for the vote's.
  await t.app.jobsLeader.stop();
  // Every statement any connection of this process sends while the vote runs.
  const seen: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    const c = config as string | { name?: string; text?: string };
    seen.push(typeof c === 'string' ? c : (c.name ?? c.text ?? ''));
    return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
  } as typeof query;
  try {
    expect((await vote(c!.headers)).statusCode).toBe(200);
  } finally {
    pg.Client.prototype.query = query;
  }
  // (Votes are announced to other processes apart, coalesced per election: results/vote-announcer.ts.)
  expect(seen.filter((s) => !s.includes('pg_notify'))).toEqual(['cast-vote']);
});
