import type { Election } from '@aesa/shared/elections';
import type { Executor } from '../../db/tx.ts';
import { fail } from '../../lib/app-error.ts';
import * as records from '../election-record/election-record.queries.ts';
import { appendElectionRecord } from '../election-record/record.ts';
import { queueFinalResults } from '../election-record/election-notices.ts';
import { closeVoting, recordFinalResults } from '../election-record/settle.ts';
import * as q from './election-lifecycle.queries.ts';
import { findElection } from './elections.queries.ts';
import { toElection, type ElectionsDeps } from './elections.service.ts';

/**
 * The election once voting has opened (decision 056): the end extended, voting closed now, the
 * election archived, the final results published. Each is an entry in the election's record, in
 * the same transaction as the change. Their routes first bring the roll and the record up to date
 * with the clock (`settles`: voting that started is opened, voting that ended is closed); each then
 * works on the election row locked FOR UPDATE, the lock every vote's KEY SHARE waits for.
 */

/** The election locked FOR UPDATE in `tx`; refused when unknown or archived. */
async function locked(tx: Executor, id: string) {
  const e = await records.lockElectionState(tx, id);
  if (!e) throw fail('ELECTION_NOT_FOUND');
  if (e.archived_at) throw fail('ELECTION_ARCHIVED');
  return e;
}

/** Voting is open: the roll frozen, the record not closed (the route's settling closed it if the end passed). */
const isOpen = (e: records.ElectionState) => e.roll_frozen_at !== null && e.voting_closed_at === null;

/**
 * Runs `change` on the election locked in one transaction, then answers the election as it now
 * stands. `changed` tells this process's live results once the request commits.
 */
async function withLocked(deps: ElectionsDeps, id: string, change: (tx: Executor, now: Date) => Promise<void>): Promise<Election> {
  const { db, clock, changed } = deps;
  const now = clock();
  await db.transaction(async (tx) => {
    await change(tx, now);
    await q.announce(tx, id);
  });
  changed(id);
  return toElection((await findElection(db, id))!, now);
}

/** A later end while voting is open; never earlier (Close Voting Now ends it at once). */
export function extendVoting(deps: ElectionsDeps, id: string, endTime: string): Promise<Election> {
  return withLocked(deps, id, async (tx, now) => {
    const e = await locked(tx, id);
    if (!isOpen(e)) throw fail('ELECTION_NOT_OPEN');
    const end = new Date(endTime);
    if (end.getTime() <= e.end_time.getTime() || end.getTime() <= now.getTime()) throw fail('ELECTION_EXTEND_NOT_LATER');
    await q.setEndTime(tx, id, end);
    await appendElectionRecord(tx, id, 'extended', { old_end_time: e.end_time.toISOString(), new_end_time: end.toISOString() }, now);
  });
}

/**
 * Ends voting at once, through the close every election goes through (ballot entries, counts,
 * the salt): the end becomes now, `closed_early` records the end it had, then `closed`. A vote in
 * flight either committed before the lock (its ballot is in the record) or is refused after it.
 */
export function closeVotingNow(deps: ElectionsDeps, id: string): Promise<Election> {
  return withLocked(deps, id, async (tx, now) => {
    const e = await locked(tx, id);
    if (!isOpen(e)) throw fail('ELECTION_NOT_OPEN');
    await q.setEndTime(tx, id, now);
    await appendElectionRecord(tx, id, 'closed_early', { end_time: e.end_time.toISOString(), closed_at: new Date(Math.floor(now.getTime())).toISOString() }, now);
    await closeVoting(tx, { ...e, end_time: now }, now, 'closed early');
  });
}

/**
 * Archives an election whose voting has closed: it keeps everything (ballots, roll, record) and
 * disappears from every public page and read; its board and record files stay where they were.
 * Before voting opened, an election is deleted instead; while it is open, it is closed first.
 */
export function archiveElection(deps: ElectionsDeps, id: string): Promise<Election> {
  return withLocked(deps, id, async (tx, now) => {
    const e = await locked(tx, id);
    if (e.roll_frozen_at === null) throw fail('ELECTION_ARCHIVE_NOT_OPENED');
    if (e.voting_closed_at === null) throw fail('ELECTION_ARCHIVE_WHILE_OPEN');
    await q.setArchived(tx, id, now);
    await appendElectionRecord(tx, id, 'archived', {}, now);
  });
}

/**
 * The committee says the count is final: after the close only, once. The record gets the final
 * tallies (unless it holds them already), and the bulletin board and the record become public.
 * Allowed on an archived election too: it only makes its evidence public.
 * The members on the roll who want election notices are told, once each (election-notices.ts).
 */
export function publishFinalResults(deps: ElectionsDeps, id: string): Promise<Election> {
  return withLocked(deps, id, async (tx, now) => {
    const e = await records.lockElectionState(tx, id);
    if (!e) throw fail('ELECTION_NOT_FOUND');
    if (e.voting_closed_at === null) throw fail('ELECTION_FINAL_BEFORE_CLOSE');
    if (e.final_results_published_at !== null) throw fail('ELECTION_FINAL_ALREADY_PUBLISHED');
    await q.setFinalResultsPublished(tx, id, now);
    if (!(await records.hasFinalResultsEntry(tx, id))) await recordFinalResults(tx, id, now);
    await queueFinalResults(tx, deps.notices, e);
  });
}

/**
 * An edit switched the election off (is_active false) while voting was open: voting is over, and
 * the record is closed in the edit's own transaction, the close every election goes through.
 */
export async function closeSwitchedOff(db: Executor, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const e = await records.lockElectionState(tx, id);
    if (!e || e.is_active || !isOpen(e)) return;
    await closeVoting(tx, e, now, 'switched off');
    await q.announce(tx, id);
  });
}
