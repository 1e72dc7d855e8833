import { sql } from 'drizzle-orm';
import { emit } from '../../db/domain-events.ts';
import type { Executor } from '../../db/tx.ts';

// The election's lifecycle once voting has opened: extend, close now, archive, final results.
// Every write here runs while the caller holds the election row FOR UPDATE (lockElectionState),
// and raises the election's version, so that an edit form opened before it sees the change (409).

/** The `election.changed` domain event (live results, results cache of every process); sent on commit. */
export const announce = (tx: Executor, electionId: string) => emit(tx, 'election.changed', { electionId });

export async function setEndTime(tx: Executor, electionId: string, end: Date) {
  await tx.execute(sql`update elections set end_time = ${end}, version = version + 1 where id = ${electionId}`);
}

export async function setArchived(tx: Executor, electionId: string, at: Date) {
  await tx.execute(sql`update elections set archived_at = ${at}, version = version + 1 where id = ${electionId}`);
}

/** The final results are public from now on (and so are the results themselves, if they were not). */
export async function setFinalResultsPublished(tx: Executor, electionId: string, at: Date) {
  await tx.execute(sql`update elections set results_published = true, final_results_published_at = ${at}, version = version + 1 where id = ${electionId}`);
}
