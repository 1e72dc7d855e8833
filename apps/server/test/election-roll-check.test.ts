import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOnElectionRoll } from '../src/modules/election-record/roll.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createElection, fastVoters } from './support/elections.ts';

// The roll check the eligibility read uses: everyone eligible before the roll is frozen, only the
// roll's members after.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('isOnElectionRoll', () => {
  it('is true before the roll is frozen, then true only for members on it', async () => {
    const [early] = await fastVoters(t.app, 1);
    const election = await createElection(t.app, { start_time: new Date(t.clock().getTime() + 3600_000), end_time: new Date(t.clock().getTime() + 7200_000) });
    expect(await isOnElectionRoll(t.database.pool, election.id, early!.user.id)).toBe(true);
    t.clock.advance(3600_000);
    try {
      await t.app.electionRecord.ensureOpened(election.id);
      const [late] = await fastVoters(t.app, 1);
      expect(await isOnElectionRoll(t.database.pool, election.id, early!.user.id)).toBe(true);
      expect(await isOnElectionRoll(t.database.pool, election.id, late!.user.id)).toBe(false);
    } finally {
      t.clock.advance(-3600_000);
    }
  });
});
