import type pg from 'pg';
import * as q from './ballot-storage.queries.ts';

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
  let sealed = 0;
  for (const id of await q.electionsToSeal(pool, now, SEAL_AFTER_END_MS)) if (await q.sealElection(pool, id, now)) sealed++;
  // Outside any transaction (VACUUM cannot run in one). A short exclusive lock on each table:
  // votes of other open elections wait for it (milliseconds for an association's numbers).
  if (sealed > 0) await q.vacuumBallotTables(pool);
  return sealed;
}
