import { desc, eq, asc } from 'drizzle-orm';
import { candidates, elections, users } from '../../db/schema.ts';
import type { Executor } from '../../db/tx.ts';

const electionColumns = {
  id: elections.id,
  title: elections.title,
  start_time: elections.start_time,
  end_time: elections.end_time,
  results_published: elections.results_published,
  final_results_published_at: elections.final_results_published_at,
  winners_installed_at: elections.winners_installed_at,
  winners_installed_year: elections.winners_installed_year,
};

/** The election; `lock`: its row locked until the transaction ends, so two installs take turns. */
export async function findElection(db: Executor, id: string, lock = false) {
  const query = db.select(electionColumns).from(elections).where(eq(elections.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Every candidate with their tally, most votes first (then name), the order of the results. */
export function tallies(db: Executor, electionId: string) {
  return db
    .select({ candidate_id: candidates.id, user_id: candidates.user_id, position: candidates.position, name: users.name, votes: candidates.vote_count })
    .from(candidates)
    .innerJoin(users, eq(users.id, candidates.user_id))
    .where(eq(candidates.election_id, electionId))
    .orderBy(desc(candidates.vote_count), asc(users.name), asc(candidates.id));
}

export async function markInstalled(db: Executor, id: string, at: Date, year: string) {
  await db.update(elections).set({ winners_installed_at: at, winners_installed_year: year }).where(eq(elections.id, id));
}
