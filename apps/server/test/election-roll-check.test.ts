import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eligibilityFacts } from '../src/modules/voting/voting.queries.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createElection, fastVoters } from './support/elections.ts';

// The roll check the eligibility read uses (everyone eligible before the roll is frozen, only the
// roll's members after), and the background tick that freezes rolls nobody asked for.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const isOnElectionRoll = async (pool: TestApp['database']['pool'], electionId: string, memberId: string) => (await eligibilityFacts(pool, electionId, memberId)).on_roll;

describe('the roll check of the eligibility read', () => {
  it('is true before the roll is frozen, then true only for members on it', async () => {
    const [early] = await fastVoters(t.app, 1);
    const election = await createElection(t.app, { start_time: new Date(t.clock().getTime() + 3600_000), end_time: new Date(t.clock().getTime() + 7200_000) });
    expect(await isOnElectionRoll(t.database.pool, election.id, early!.user.id)).toBe(true);
    t.clock.advance(3600_000);
    try {
      await t.app.electionRecord.settle(election.id);
      const [late] = await fastVoters(t.app, 1);
      expect(await isOnElectionRoll(t.database.pool, election.id, early!.user.id)).toBe(true);
      expect(await isOnElectionRoll(t.database.pool, election.id, late!.user.id)).toBe(false);
    } finally {
      t.clock.advance(-3600_000);
    }
  });
});

describe('the background tick', () => {
  it('freezes the roll of an open election nobody looks at, when configured', async () => {
    const ticking = await createTestApp({ electionRecordTickMs: 100 });
    try {
      const election = await createElection(ticking.app);
      const deadline = Date.now() + 10_000;
      let frozen = false;
      while (!frozen && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        const { rows } = await ticking.database.pool.query('select roll_frozen_at from elections where id = $1', [election.id]);
        frozen = rows[0].roll_frozen_at !== null;
      }
      expect(frozen).toBe(true);
    } finally {
      await ticking.close();
    }
  });
});
