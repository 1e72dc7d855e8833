import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { candidates, elections, users } from '../../db/schema.ts';
import { CHANNEL } from '../../db/domain-events.ts';
import type { Executor } from '../../db/tx.ts';
import { sessionExists } from './voter-rule.queries.ts';

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

export type ElectionChanges = Partial<Pick<ElectionRow, 'title' | 'description' | 'start_time' | 'end_time' | 'is_active' | 'is_publicly_visible' | 'voter_rule' | 'voter_session'>>;

/** A change of who may vote, as sent: either part may be left out (the other keeps its value). */
export interface VoterRuleChange {
  voter_rule?: ElectionRow['voter_rule'];
  session?: string | null;
}

export type VoterRuleRefusal = 'rule-frozen' | 'session-required' | 'session-only-financial' | { sessionNotFound: string };

/**
 * The rule and session an election gets from a request, or why not: a financial rule names a
 * session that exists; a verified rule names none. `current` is the rule before (an edit may send
 * one part only: a financial election given a new session stays financial; made verified, it
 * drops its session).
 */
export async function resolveVoterRule(
  tx: Executor,
  change: VoterRuleChange,
  current: { voter_rule: ElectionRow['voter_rule']; voter_session: string | null } = { voter_rule: 'verified', voter_session: null },
): Promise<{ voter_rule: ElectionRow['voter_rule']; voter_session: string | null } | VoterRuleRefusal> {
  const rule = change.voter_rule ?? current.voter_rule;
  const session = change.session !== undefined ? change.session : rule === 'financial' ? current.voter_session : null;
  if (rule === 'verified') return session ? 'session-only-financial' : { voter_rule: rule, voter_session: null };
  if (!session) return 'session-required';
  if (!(await sessionExists(tx, session))) return { sessionNotFound: session };
  return { voter_rule: rule, voter_session: session };
}

/**
 * Applies the changes unless the resulting window would end before it starts (checked on the
 * row locked for the update, so two concurrent edits cannot together produce a bad window), or
 * the change of who may vote is refused: the rule is fixed once the roll is frozen (checked on
 * the locked row too, so a roll never freezes with one rule while the election says another).
 */
export async function updateElection(
  db: Db,
  id: string,
  changes: ElectionChanges,
  rule?: VoterRuleChange,
): Promise<{ before: ElectionRow; row: ElectionRow } | 'not-found' | 'bad-window' | VoterRuleRefusal> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(elections).where(eq(elections.id, id)).for('update');
    if (!current) return 'not-found';
    const start = changes.start_time ?? current.start_time;
    const end = changes.end_time ?? current.end_time;
    if (end.getTime() <= start.getTime()) return 'bad-window';
    if (rule) {
      const resolved = await resolveVoterRule(tx, rule, current);
      if (typeof resolved === 'string' || 'sessionNotFound' in resolved) return resolved;
      const changesRule = resolved.voter_rule !== current.voter_rule || resolved.voter_session !== current.voter_session;
      if (changesRule && current.roll_frozen_at !== null) return 'rule-frozen';
      Object.assign(changes, resolved);
    }
    if (Object.keys(changes).length === 0) return { before: current, row: current };
    const [row] = await tx.update(elections).set(changes).where(eq(elections.id, id)).returning();
    await announce(tx, id);
    return { before: current, row: row! };
  });
}

/** Removes the election; its candidates, participations and ballots go with it (foreign keys cascade). */
export async function deleteElection(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(elections).where(eq(elections.id, id)).returning({ id: elections.id });
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
    const [row] = await tx.update(elections).set({ results_published: true }).where(eq(elections.id, id)).returning();
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

export async function updateCandidate(db: Db, electionId: string, candidateId: string, changes: CandidateChanges) {
  return db.transaction(async (tx) => {
    const keepsPosition = changes.position === undefined ? sql`true` : sql`${candidates.position} = ${changes.position}`;
    const [row] = await tx
      .update(candidates)
      .set(changes)
      .where(and(eq(candidates.id, candidateId), eq(candidates.election_id, electionId), sql`(${keepsPosition} or (${hasNoVotes}))`))
      .returning({ id: candidates.id });
    if (row) await announce(tx, electionId);
    return !!row;
  });
}

export async function deleteCandidate(db: Db, electionId: string, candidateId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(candidates)
      .where(and(eq(candidates.id, candidateId), eq(candidates.election_id, electionId), hasNoVotes))
      .returning({ id: candidates.id });
    if (row) await announce(tx, electionId);
    return !!row;
  });
}
