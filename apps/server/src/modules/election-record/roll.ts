import type pg from 'pg';

/**
 * THE VOTER ROLL CHECK for the eligibility read (voting/eligibility.ts): before an election's roll
 * is frozen the roll asks nothing (true: the election's voter rule decides, checked beside it);
 * once frozen, only the members on it.
 * The same rule as the vote statement's `roll` (voting.queries.ts). The caller freezes a due roll
 * first (app.electionRecord.ensureOpened), so the answer never goes stale at the opening.
 */
export async function isOnElectionRoll(pool: pg.Pool, electionId: string, memberId: string): Promise<boolean> {
  const { rows } = await pool.query<{ on_roll: boolean }>({
    name: 'is-on-election-roll',
    text: `
      select coalesce((select roll_frozen_at is null from elections where id = $1), true)
          or exists (select 1 from election_rolls where election_id = $1 and member_id = $2) as on_roll`,
    values: [electionId, memberId],
  });
  return rows[0]!.on_roll;
}
