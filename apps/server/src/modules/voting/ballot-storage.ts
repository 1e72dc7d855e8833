import type pg from 'pg';

/**
 * How long after an election's end its ballots are sealed: a vote answered just before the end
 * may still be committing, and a seal must not miss it.
 */
export const SEAL_AFTER_END_MS = 60_000;

/**
 * Seals the ballots of elections whose voting has closed, so that what is stored no longer pairs
 * a participation with its ballot:
 * - during voting, each vote's participation and ballot are written by one transaction: both
 *   rows carry its transaction id (xmin), sit at the ends of their tables in vote order, and the
 *   candidate's tally row gets a new version with the same transaction id;
 * - the seal rewrites the election's ballots (in receipt order), participations (in member
 *   order) and candidates in ONE transaction: every row now carries the seal's transaction id;
 * - then VACUUM FULL writes the three tables anew, without the old row versions, in the new
 *   order (docs/BALLOT-SECRECY.md says what remains: the write-ahead log, old files' disk blocks, backups).
 * An election that is reopened (its end moved later) and closes again is sealed again.
 * Several processes may sweep at once: the election row is locked, others skip it.
 * Answers the number of elections sealed.
 */
export async function sealClosedElections(pool: pg.Pool, now: Date): Promise<number> {
  const { rows } = await pool.query<{ id: string }>({
    name: 'elections-to-seal',
    text: `
      select e.id from elections e
      where e.end_time < $1::timestamptz - make_interval(secs => $2::int / 1000.0)
        and (e.ballots_sealed_at is null or e.ballots_sealed_at < e.end_time)
        and exists (select 1 from ballots b where b.election_id = e.id)`,
    values: [now, SEAL_AFTER_END_MS],
  });
  let sealed = 0;
  for (const { id } of rows) if (await sealElection(pool, id, now)) sealed++;
  // Outside any transaction (VACUUM cannot run in one). A short exclusive lock on each table:
  // votes of other open elections wait for it (milliseconds for an association's numbers).
  if (sealed > 0) await pool.query('vacuum (full) ballots, election_participations, candidates');
  return sealed;
}

async function sealElection(pool: pg.Pool, electionId: string, now: Date): Promise<boolean> {
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
