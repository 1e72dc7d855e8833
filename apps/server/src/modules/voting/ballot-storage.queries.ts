import type pg from 'pg';

// The SQL of the ballots' sealing (ballot-storage.ts says why and when).

/** Elections ended more than `afterMs` ago whose ballots are not sealed since their (last) end. */
export async function electionsToSeal(pool: pg.Pool, now: Date, afterMs: number): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>({
    name: 'elections-to-seal',
    text: `
      select e.id from elections e
      where e.end_time < $1::timestamptz - make_interval(secs => $2::int / 1000.0)
        and (e.ballots_sealed_at is null or e.ballots_sealed_at < e.end_time)
        and exists (select 1 from ballots b where b.election_id = e.id)`,
    values: [now, afterMs],
  });
  return rows.map((r) => r.id);
}

/** VACUUM FULL of the three tables the seal rewrote: their files written anew, without old row versions. */
export async function vacuumBallotTables(pool: pg.Pool) {
  await pool.query('vacuum (full) ballots, election_participations, candidates');
}

/**
 * Rewrites one election's ballots (in receipt order), participations (in member order) and
 * candidates in ONE transaction. The election row is locked SKIP LOCKED: a process that finds
 * another sealing it skips it (false).
 */
export async function sealElection(pool: pg.Pool, electionId: string, now: Date): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rowCount } = await client.query(
      `select 1 from elections where id = $1 and (ballots_sealed_at is null or ballots_sealed_at < end_time) for update skip locked`,
      [electionId],
    );
    if (!rowCount) {
      await client.query('rollback');
      return false;
    }
    await client.query(
      `with gone as (delete from ballots where election_id = $1 returning id, election_id, position, candidate_id, receipt)
       insert into ballots (id, election_id, position, candidate_id, receipt) select * from gone order by receipt`,
      [electionId],
    );
    await client.query(
      `with gone as (delete from election_participations where election_id = $1 returning election_id, member_id, position, voted_period)
       insert into election_participations (election_id, member_id, position, voted_period) select * from gone order by member_id, position`,
      [electionId],
    );
    // The tally rows' last versions were written by the last votes: give them the seal's too.
    await client.query(`update candidates set vote_count = vote_count where election_id = $1`, [electionId]);
    await client.query(`update elections set ballots_sealed_at = $2 where id = $1`, [electionId, now]);
    await client.query('commit');
    return true;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
