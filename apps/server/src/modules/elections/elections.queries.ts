import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { candidates, elections, users } from '../../db/schema.ts';
import { CHANNEL } from '../../db/domain-events.ts';

export type ElectionRow = typeof elections.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The `election.changed` domain event (live results, results cache of every process); sent on commit. */
async function announce(tx: Tx, electionId: string) {
  await tx.execute(sql`select pg_notify(${CHANNEL['election.changed']}, ${electionId})`);
}

export async function listElections(db: Db, includeHidden: boolean) {
  return db
    .select()
    .from(elections)
    .where(includeHidden ? undefined : eq(elections.is_publicly_visible, true))
    .orderBy(desc(elections.start_time), asc(elections.id));
}

export async function findElection(db: Db, id: string) {
  const [row] = await db.select().from(elections).where(eq(elections.id, id));
  return row ?? null;
}

export async function insertElection(db: Db, values: typeof elections.$inferInsert) {
  const [row] = await db.insert(elections).values(values).returning();
  return row!;
}

export type ElectionChanges = Partial<Pick<ElectionRow, 'title' | 'description' | 'start_time' | 'end_time' | 'is_active' | 'is_publicly_visible'>>;

/**
 * Applies the changes unless the resulting window would end before it starts (checked on the
 * row locked for the update, so two concurrent edits cannot together produce a bad window).
 */
export async function updateElection(db: Db, id: string, version: number, changes: ElectionChanges): Promise<{ before: ElectionRow; row: ElectionRow } | 'not-found' | 'bad-window' | 'stale'> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(elections).where(eq(elections.id, id)).for('update');
    if (!current) return 'not-found';
    // Made from another version: nothing changes (lib/edit-version.ts answers 409; decision 054).
    if (current.version !== version) return 'stale';
    const start = changes.start_time ?? current.start_time;
    const end = changes.end_time ?? current.end_time;
    if (end.getTime() <= start.getTime()) return 'bad-window';
    if (Object.keys(changes).length === 0) return { before: current, row: current };
    const [row] = await tx
      .update(elections)
      .set({ ...changes, version: sql`${elections.version} + 1` })
      .where(eq(elections.id, id))
      .returning();
    await announce(tx, id);
    return { before: current, row: row! };
  });
}

/** Removes the election; its candidates, participations and ballots go with it (foreign keys cascade). */
export async function deleteElection(db: Db, id: string, version: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(elections)
      .where(and(eq(elections.id, id), eq(elections.version, version)))
      .returning({ id: elections.id });
    if (row) await announce(tx, id);
    return !!row;
  });
}

export async function publishResults(db: Db, id: string, now: Date): Promise<ElectionRow | 'not-found' | 'already' | 'not-started'> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(elections).where(eq(elections.id, id)).for('update');
    if (!current) return 'not-found';
    if (current.results_published) return 'already';
    if (now < current.start_time) return 'not-started';
    const [row] = await tx
      .update(elections)
      .set({ results_published: true, version: sql`${elections.version} + 1` })
      .where(eq(elections.id, id))
      .returning();
    await announce(tx, id);
    return row!;
  });
}

const candidateColumns = {
  id: candidates.id,
  election_id: candidates.election_id,
  user_id: candidates.user_id,
  position: candidates.position,
  manifesto: candidates.manifesto,
  candidate_image_url: candidates.candidate_image_url,
  version: candidates.version,
  name: users.name,
  matric_number: users.matric_number,
  profile_image_url: users.profile_image_url,
  bio: users.bio,
};

export async function listCandidates(db: Db, electionId: string) {
  return db
    .select(candidateColumns)
    .from(candidates)
    .innerJoin(users, eq(users.id, candidates.user_id))
    .where(eq(candidates.election_id, electionId))
    .orderBy(asc(users.name), asc(candidates.id));
}

export async function findCandidate(db: Db, electionId: string, candidateId: string) {
  const [row] = await db
    .select(candidateColumns)
    .from(candidates)
    .innerJoin(users, eq(users.id, candidates.user_id))
    .where(and(eq(candidates.id, candidateId), eq(candidates.election_id, electionId)));
  return row ?? null;
}

export async function findMember(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, matric_number: users.matric_number, profile_image_url: users.profile_image_url, bio: users.bio })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export type CandidateRow = Awaited<ReturnType<typeof listCandidates>>[number];

/** The candidacy of a member in an election, if any (one per member per election). */
export async function findCandidacy(db: Db, electionId: string, userId: string) {
  const [row] = await db
    .select({ id: candidates.id, position: candidates.position })
    .from(candidates)
    .where(and(eq(candidates.election_id, electionId), eq(candidates.user_id, userId)));
  return row ?? null;
}

/** Null when the member already stands in this election (unique index candidates_election_user_key). */
export async function insertCandidate(db: Db, values: typeof candidates.$inferInsert) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(candidates).values(values).onConflictDoNothing().returning({ id: candidates.id });
    if (row) await announce(tx, values.election_id);
    return row ?? null;
  });
}

// A candidate who has votes keeps its position and stays: votes are final, none may be lost or
// moved. The vote statement locks the candidate row (FOR UPDATE), so this check and a vote in
// flight never interleave: whichever commits first decides.
const hasNoVotes = sql`${candidates.vote_count} = 0 and not exists (select 1 from ballots where ballots.candidate_id = ${candidates.id})`;

export type CandidateChanges = Partial<Pick<typeof candidates.$inferInsert, 'position' | 'manifesto' | 'candidate_image_url'>>;

/** Only at `version`, raising it (decision 054). */
export async function updateCandidate(db: Db, electionId: string, candidateId: string, version: number, changes: CandidateChanges) {
  return db.transaction(async (tx) => {
    const keepsPosition = changes.position === undefined ? sql`true` : sql`${candidates.position} = ${changes.position}`;
    const [row] = await tx
      .update(candidates)
      .set({ ...changes, version: sql`${candidates.version} + 1` })
      .where(and(eq(candidates.id, candidateId), eq(candidates.election_id, electionId), eq(candidates.version, version), sql`(${keepsPosition} or (${hasNoVotes}))`))
      .returning({ id: candidates.id });
    if (row) await announce(tx, electionId);
    return !!row;
  });
}

export async function deleteCandidate(db: Db, electionId: string, candidateId: string, version: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(candidates)
      .where(and(eq(candidates.id, candidateId), eq(candidates.election_id, electionId), eq(candidates.version, version), hasNoVotes))
      .returning({ id: candidates.id });
    if (row) await announce(tx, electionId);
    return !!row;
  });
}
