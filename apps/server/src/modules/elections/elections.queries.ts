import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { candidates, elections, users } from '../../db/schema.ts';
import { emit } from '../../db/domain-events.ts';
import { isUniqueViolation, type Executor } from '../../db/tx.ts';
import { sessionExists } from '../election-record/voter-rule.queries.ts';

export type ElectionRow = typeof elections.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The `election.changed` domain event (live results, results cache of every process); sent on commit. */
const announce = (tx: Tx, electionId: string) => emit(tx, 'election.changed', { electionId });

export async function listElections(db: Db, includeHidden: boolean) {
  return db
    .select()
    .from(elections)
    // Archived elections are kept for electoral admins and hidden from everyone else.
    .where(includeHidden ? undefined : and(eq(elections.is_publicly_visible, true), isNull(elections.archived_at)))
    .orderBy(desc(elections.start_time), asc(elections.id));
}

export async function findElection(db: Db, id: string) {
  const [row] = await db.select().from(elections).where(eq(elections.id, id));
  return row ?? null;
}

/** 'title-taken' when an election that is not archived has the title already (case-insensitively). */
export async function insertElection(db: Db, values: typeof elections.$inferInsert): Promise<ElectionRow | 'title-taken'> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(elections).values(values).returning();
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'elections_title_key')) return 'title-taken';
    throw err;
  }
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

type UpdateRefusal = 'not-found' | 'stale' | 'bad-window' | 'archived' | 'start-locked' | 'end-locked' | 'title-taken';

/**
 * Applies the changes unless the resulting window would end before it starts, or the election is
 * archived, or voting has opened (the roll frozen) and the start or the end would move: the end
 * moves then only through Extend Voting and Close Voting Now (election-lifecycle.service.ts); or
 * unless the change of who may vote is refused: the rule is fixed once the roll is frozen.
 * Checked on the row locked for the update, so two concurrent edits cannot together produce a bad
 * window, an edit racing the opening either comes before it or sees it, and a roll never freezes
 * with one rule while the election says another. Made from another version than the stored one:
 * 'stale', nothing changes (lib/edit-version.ts answers 409; decision 054).
 */
export async function updateElection(
  db: Db,
  id: string,
  version: number,
  changes: ElectionChanges,
  rule?: VoterRuleChange,
): Promise<{ before: ElectionRow; row: ElectionRow } | UpdateRefusal | VoterRuleRefusal> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(elections).where(eq(elections.id, id)).for('update');
      if (!current) return 'not-found';
      if (current.version !== version) return 'stale';
      if (current.archived_at) return 'archived';
      const moves = (k: 'start_time' | 'end_time') => changes[k] !== undefined && changes[k].getTime() !== current[k].getTime();
      if (current.roll_frozen_at && moves('start_time')) return 'start-locked';
      if (current.roll_frozen_at && moves('end_time')) return 'end-locked';
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
      // An older election kept with a shared title (migration 0022) joins the unique titles once renamed.
      const renamed = changes.title !== undefined && changes.title.toLowerCase() !== current.title.toLowerCase();
      const [row] = await tx
        .update(elections)
        .set({ ...changes, ...(renamed ? { title_duplicate_kept: false } : {}), version: sql`${elections.version} + 1` })
        .where(eq(elections.id, id))
        .returning();
      await announce(tx, id);
      return { before: current, row: row! };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'elections_title_key')) return 'title-taken';
    throw err;
  }
}

/**
 * Removes the election at `version` while voting has not opened (its roll not frozen); its
 * candidates go with it (foreign keys cascade). Once opened: 'opened', nothing removed (decision
 * 056); at another version: 'stale' (lib/edit-version.ts answers 409).
 */
export async function deleteElection(db: Db, id: string, version: number): Promise<'deleted' | 'not-found' | 'opened' | 'stale'> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ version: elections.version, roll_frozen_at: elections.roll_frozen_at }).from(elections).where(eq(elections.id, id)).for('update');
    if (!current) return 'not-found';
    if (current.roll_frozen_at) return 'opened';
    if (current.version !== version) return 'stale';
    await tx.delete(elections).where(eq(elections.id, id));
    await announce(tx, id);
    return 'deleted';
  });
}

/**
 * Locks the election row FOR NO KEY UPDATE and says whether its candidates may change: the
 * opening (which freezes the roll FOR UPDATE) waits for the candidate change, or the change sees
 * it. Not FOR SHARE: the change then appends to the election record, which takes this same lock,
 * and two changes each holding a share lock would wait on each other for good; this way candidate
 * changes of one election take turns (votes, which take KEY SHARE, are not held up).
 */
async function candidatesLocked(tx: Tx, electionId: string): Promise<'archived' | 'opened' | null> {
  const [e] = await tx.select({ roll_frozen_at: elections.roll_frozen_at, archived_at: elections.archived_at }).from(elections).where(eq(elections.id, electionId)).for('no key update');
  if (e?.archived_at) return 'archived';
  return e?.roll_frozen_at ? 'opened' : null;
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

/**
 * Null when the member already stands in this election (unique index candidates_election_user_key);
 * 'opened' or 'archived' when candidates can no longer be added.
 */
export async function insertCandidate(db: Db, values: typeof candidates.$inferInsert) {
  return db.transaction(async (tx) => {
    const lockedBy = await candidatesLocked(tx, values.election_id);
    if (lockedBy) return lockedBy;
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

/** Only at `version`, raising it (decision 054). False when the candidate has votes and would move (or is at another version); 'opened' or 'archived' when it would move after voting opened. */
export async function updateCandidate(db: Db, electionId: string, candidateId: string, version: number, changes: CandidateChanges) {
  return db.transaction(async (tx) => {
    const lockedBy = await candidatesLocked(tx, electionId);
    if (lockedBy === 'archived') return lockedBy;
    if (lockedBy === 'opened' && changes.position !== undefined) {
      const [c] = await tx
        .select({ position: candidates.position, has_votes: sql<boolean>`not (${hasNoVotes})` })
        .from(candidates)
        .where(and(eq(candidates.id, candidateId), eq(candidates.election_id, electionId)));
      // A candidate with votes is refused for its votes (the more particular reason), others for the opening.
      if (c && c.position !== changes.position) return c.has_votes ? false : lockedBy;
    }
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

/** Only at `version`. False when the candidate has votes (or is unknown, or at another version); 'opened' or 'archived' when candidates can no longer be removed. */
export async function deleteCandidate(db: Db, electionId: string, candidateId: string, version: number) {
  return db.transaction(async (tx) => {
    const lockedBy = await candidatesLocked(tx, electionId);
    if (lockedBy === 'opened') {
      const [c] = await tx.select({ has_votes: sql<boolean>`not (${hasNoVotes})` }).from(candidates).where(and(eq(candidates.id, candidateId), eq(candidates.election_id, electionId)));
      if (!c || c.has_votes) return false; // unknown, or refused for its votes (the more particular reason)
    }
    if (lockedBy) return lockedBy;
    const [row] = await tx
      .delete(candidates)
      .where(and(eq(candidates.id, candidateId), eq(candidates.election_id, electionId), eq(candidates.version, version), hasNoVotes))
      .returning({ id: candidates.id });
    if (row) await announce(tx, electionId);
    return !!row;
  });
}
