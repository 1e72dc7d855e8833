import { sql } from 'drizzle-orm';
import type { Json, RecordEntry, RecordKind } from '@aesa/shared/election-record';
import type { VoterRule } from '@aesa/shared/elections';
import { meetsVoterRuleSql } from './voter-rule.queries.ts';
import type { Executor } from '../../db/tx.ts';

export interface ElectionState {
  id: string;
  title: string;
  is_active: boolean;
  is_publicly_visible: boolean;
  results_published: boolean;
  start_time: Date;
  end_time: Date;
  roll_frozen_at: Date | null;
  roll_size: number | null;
  roll_fingerprint: string | null;
  roll_salt: string | null;
  voting_closed_at: Date | null;
  voter_rule: VoterRule;
  voter_session: string | null;
  final_results_published_at: Date | null;
  archived_at: Date | null;
}

const STATE_COLUMNS = sql`id, title, is_active, is_publicly_visible, results_published, start_time, end_time,
  roll_frozen_at, roll_size, roll_fingerprint, roll_salt, voting_closed_at, voter_rule, voter_session,
  final_results_published_at, archived_at`;

// Plain reads of the election give timestamps as Date through drizzle's pg driver.
export async function findElectionState(db: Executor, id: string): Promise<ElectionState | null> {
  const { rows } = await db.execute<ElectionState & Record<string, unknown>>(sql`select ${STATE_COLUMNS} from elections where id = ${id}`);
  return rows[0] ? withDates(rows[0]) : null;
}

/**
 * The election row locked FOR UPDATE: the lock conflicts with the KEY SHARE lock every vote takes
 * on its election (the vote statement's still_open, and the participation's foreign key), so
 * whoever holds it knows no vote is in flight, and a vote that comes after sees what it wrote.
 */
export async function lockElectionState(tx: Executor, id: string): Promise<ElectionState | null> {
  const { rows } = await tx.execute<ElectionState & Record<string, unknown>>(sql`select ${STATE_COLUMNS} from elections where id = ${id} for update`);
  return rows[0] ? withDates(rows[0]) : null;
}

function withDates(r: ElectionState & Record<string, unknown>): ElectionState {
  const d = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    ...r,
    start_time: d(r.start_time)!,
    end_time: d(r.end_time)!,
    roll_frozen_at: d(r.roll_frozen_at),
    voting_closed_at: d(r.voting_closed_at),
    final_results_published_at: d(r.final_results_published_at),
    archived_at: d(r.archived_at),
  };
}

/** Elections with a roll to freeze (voting has started) or a record to close (voting ended or was switched off). */
export async function dueElectionIds(db: Executor, now: Date): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from elections
    where (roll_frozen_at is null and is_active and start_time <= ${now})
       or (roll_frozen_at is not null and voting_closed_at is null and (end_time < ${now} or not is_active))`);
  return rows.map((r) => r.id);
}

/** The fields a `created` entry holds, as they stand. */
export async function electionFields(db: Executor, id: string): Promise<{ [key: string]: Json }> {
  const { rows } = await db.execute<ElectionFields & Record<string, unknown>>(sql`
    select title, description, start_time, end_time, is_active, is_publicly_visible, voter_rule, voter_session from elections where id = ${id}`);
  return electionFieldsOf(rows[0]!);
}

type ElectionFields = {
  title: string;
  description: string | null;
  start_time: Date;
  end_time: Date;
  is_active: boolean;
  is_publicly_visible: boolean;
  voter_rule: VoterRule;
  voter_session: string | null;
};

/**
 * The fields of an election a `created` entry holds: the six it always held, and who may vote
 * when that is not the verified rule (a record without voter_rule means verified members, as in
 * every record written before elections had rules, so theirs read the same).
 */
export function electionFieldsOf(r: ElectionFields) {
  const { title, description, start_time, end_time, is_active, is_publicly_visible } = r;
  const rule = r.voter_rule === 'financial' ? { voter_rule: r.voter_rule, voter_session: r.voter_session } : {};
  return electionPayload({ title, description, start_time, end_time, is_active, is_publicly_visible, ...rule });
}

/** An election's fields in a record entry: times as ISO 8601 UTC text; the voter session as `session`. */
export function electionPayload(
  r: Partial<Record<'title' | 'description' | 'start_time' | 'end_time' | 'is_active' | 'is_publicly_visible' | 'voter_rule' | 'voter_session', unknown>>,
): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(r)) {
    if (v === undefined) continue;
    const key = k === 'voter_session' ? 'session' : k;
    out[key] = v instanceof Date ? v.toISOString() : k.endsWith('_time') && typeof v === 'string' ? new Date(v).toISOString() : (v as Json);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The roll

/**
 * Freezes the roll: exactly the members the vote accepted until now: a current role verified by
 * an admin, and under the financial rule a financial member of the election's session
 * (election-record/voter-rule.queries.ts, the same text the vote statement applies).
 */
export async function insertRoll(tx: Executor, electionId: string): Promise<string[]> {
  await tx.execute(sql`
    insert into election_rolls (election_id, member_id)
    select e.id, m.user_id from member_roles m join elections e on e.id = ${electionId}
    where m.is_current and m.verified_by_admin and ${sql.raw(meetsVoterRuleSql('m.user_id', 'e'))}
    group by e.id, m.user_id
    on conflict do nothing`);
  const { rows } = await tx.execute<{ member_id: string }>(sql`select member_id from election_rolls where election_id = ${electionId}`);
  return rows.map((r) => r.member_id);
}

export async function setRollFrozen(tx: Executor, electionId: string, r: { at: Date; size: number; fingerprint: string; salt: string }) {
  await tx.execute(sql`
    update elections set roll_frozen_at = ${r.at}, roll_size = ${r.size}, roll_fingerprint = ${r.fingerprint}, roll_salt = ${r.salt}
    where id = ${electionId}`);
}

export async function isOnRoll(db: Executor, electionId: string, memberId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from election_rolls where election_id = ${electionId} and member_id = ${memberId}`);
  return rows.length > 0;
}

export interface RollCsvRow {
  name: string;
  matric_number: string | null;
  voted: boolean;
}

/** The roll with, per member, whether they took part at all: never what they chose. */
export async function rollWithParticipation(db: Executor, electionId: string): Promise<RollCsvRow[]> {
  const { rows } = await db.execute<RollCsvRow & Record<string, unknown>>(sql`
    select u.name, u.matric_number,
      exists (select 1 from election_participations p where p.election_id = r.election_id and p.member_id = r.member_id) as voted
    from election_rolls r join users u on u.id = r.member_id
    where r.election_id = ${electionId}
    order by u.name, u.matric_number, u.id`);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Closing

/** The receipts of the election's ballots (no other column: the record only takes their hashes). */
export async function ballotReceipts(tx: Executor, electionId: string): Promise<string[]> {
  const { rows } = await tx.execute<{ receipt: string }>(sql`select receipt from ballots where election_id = ${electionId}`);
  return rows.map((r) => r.receipt);
}

export async function participationCount(tx: Executor, electionId: string): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from election_participations where election_id = ${electionId}`);
  return rows[0]!.n;
}

export async function setVotingClosed(tx: Executor, electionId: string, at: Date) {
  await tx.execute(sql`update elections set voting_closed_at = ${at} where id = ${electionId}`);
}

/** Whether the record already holds the final tallies (a `results_published` entry with final: true). */
export async function hasFinalResultsEntry(db: Executor, electionId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 from election_record where election_id = ${electionId} and kind = 'results_published' and payload->>'final' = 'true' limit 1`);
  return rows.length > 0;
}

export interface TallyRow {
  candidate_id: string;
  position: string;
  candidate_name: string;
  votes: number;
}

export async function tallies(db: Executor, electionId: string): Promise<TallyRow[]> {
  const { rows } = await db.execute<TallyRow & Record<string, unknown>>(sql`
    select c.id as candidate_id, c.position, u.name as candidate_name, c.vote_count as votes
    from candidates c join users u on u.id = c.user_id
    where c.election_id = ${electionId}
    order by c.vote_count desc, u.name, c.id`);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The chain

/** Locks the election's row against other appends (NO KEY UPDATE: votes are not held up) and reads the head. */
export async function lockHead(tx: Executor, electionId: string): Promise<{ found: boolean; seq: number; hash: string | null }> {
  const { rows } = await tx.execute(sql`select id from elections where id = ${electionId} for no key update`);
  if (rows.length === 0) return { found: false, seq: 0, hash: null };
  const head = await tx.execute<{ seq: number; hash: string }>(sql`
    select seq, hash from election_record where election_id = ${electionId} order by seq desc limit 1`);
  return { found: true, seq: head.rows[0]?.seq ?? 0, hash: head.rows[0]?.hash ?? null };
}

export async function insertEntries(tx: Executor, electionId: string, entries: RecordEntry[]) {
  // In chunks: one statement per few hundred entries keeps a large election's close quick.
  for (let i = 0; i < entries.length; i += 500) {
    const chunk = entries.slice(i, i + 500);
    const values = sql.join(
      chunk.map((e) => sql`(${electionId}, ${e.seq}, ${e.kind}, ${JSON.stringify(e.payload)}::jsonb, ${e.prev_hash}, ${e.hash}, ${e.recorded_at}::timestamptz)`),
      sql`, `,
    );
    await tx.execute(sql`insert into election_record (election_id, seq, kind, payload, prev_hash, hash, recorded_at) values ${values}`);
  }
}

export async function readEntries(db: Executor, electionId: string): Promise<RecordEntry[]> {
  const { rows } = await db.execute<{ seq: number; kind: RecordKind; payload: Json; prev_hash: string; hash: string; recorded_at: string }>(sql`
    select seq, kind, payload, prev_hash, hash,
      to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as recorded_at
    from election_record where election_id = ${electionId} order by seq`);
  return rows.map((r) => ({ seq: r.seq, kind: r.kind, payload: r.payload, prev_hash: r.prev_hash, hash: r.hash, recorded_at: r.recorded_at }));
}

/** The hashes of the opened and closed entries: the head as it stood when voting opened and when it closed. */
export async function headsAt(db: Executor, electionId: string): Promise<{ opened: string | null; closed: string | null }> {
  const { rows } = await db.execute<{ kind: string; hash: string }>(sql`
    select kind, hash from election_record where election_id = ${electionId} and kind in ('opened', 'closed')`);
  return { opened: rows.find((r) => r.kind === 'opened')?.hash ?? null, closed: rows.find((r) => r.kind === 'closed')?.hash ?? null };
}

// ---------------------------------------------------------------------------------------------
// The board

export async function boardBallots(db: Executor, electionId: string) {
  const { rows } = await db.execute<{ receipt: string; position: string; candidate_id: string; candidate_name: string }>(sql`
    select b.receipt, b.position, b.candidate_id, u.name as candidate_name
    from ballots b join candidates c on c.id = b.candidate_id join users u on u.id = c.user_id
    where b.election_id = ${electionId}
    order by b.receipt collate "C"`);
  return rows;
}
