import { POSITIONS, type Position } from '@aesa/shared/constants';
import { electionStatus, type ActiveElection, type VotingStatusItem } from '@aesa/shared/elections';
import { newReceipt, normaliseReceipt } from '@aesa/shared/receipts';
import type pg from 'pg';
import { AppError, fail } from '../../lib/app-error.ts';
import type { StatementSession } from '../auth/session.queries.ts';
import * as q from './voting.queries.ts';

/** How long an ended election stays in the voting page's list (to show its final status). */
export const ENDED_LISTED_FOR_MS = 7 * 24 * 3600_000;

const POSITION_ORDER = new Map<string, number>(POSITIONS.map((p, i) => [p, i]));
const positionRank = (p: string) => POSITION_ORDER.get(p) ?? POSITIONS.length;

/** A receipt repeats with a chance of about n / 2^60; a second draw makes it negligible. */
const RECEIPT_DRAWS = 3;

/**
 * Casts one vote for the member signed in with the session token and answers its receipt; the
 * session and every rule are checked by the database statement itself (voting.queries.ts).
 * Statuses: 401 no live session; 404 unknown election or candidate; 403 voting closed (not
 * active, not started, ended) or voter not eligible; 400 candidate of another election or
 * position; 409 already voted. The receipt goes back to the voter and nowhere else (not logged).
 */
export async function castVote(pool: pg.Pool, v: { electionId: string; candidateId: string; session: StatementSession; position: Position; now: Date }): Promise<{ receipt: string }> {
  for (let draw = 1; ; draw++) {
    const receipt = newReceipt();
    let row: q.CastVoteRow;
    try {
      row = await q.castVote(pool, { ...v, receipt });
    } catch (err) {
      const e = err as { code?: string; constraint?: string };
      // The election or candidate was deleted while the vote ran (foreign key): it is gone.
      if (e.code === '23503') throw fail('ELECTION_NOT_FOUND');
      // Another ballot already has this receipt: the whole statement rolled back, draw again.
      if (e.code === '23505' && e.constraint === 'ballots_receipt_key' && draw < RECEIPT_DRAWS) continue;
      throw err;
    }
    if (row.recorded === 1) return { receipt };
    throw refusal(row, v);
  }
}

function refusal(row: q.CastVoteRow, v: { electionId: string; position: string; now: Date }): AppError {
  if (!row.signed_in) return fail('UNAUTHENTICATED');
  if (!row.election_found) return fail('ELECTION_NOT_FOUND');
  if (!row.is_active) return fail('VOTE_ELECTION_NOT_ACTIVE');
  if (v.now < row.start_time!) return fail('VOTE_NOT_STARTED');
  if (v.now > row.end_time! || row.closed) return fail('VOTE_ENDED');
  if (!row.candidate_election_id) return fail('CANDIDATE_NOT_FOUND');
  if (row.candidate_election_id !== v.electionId) return fail('VOTE_CANDIDATE_NOT_IN_ELECTION');
  if (row.candidate_position !== v.position) return fail('VOTE_CANDIDATE_WRONG_POSITION', v.position);
  if (!row.current) return fail('VOTE_NOT_CURRENT_MEMBER');
  if (!row.eligible) return fail('VOTE_NOT_VERIFIED');
  // Before the roll is frozen the rule decides; once frozen, the roll (who met the rule when voting
  // opened). Off the roll, a member who still does not meet the rule is told what the rule asks.
  if (!row.meets_rule && !(row.roll_frozen && row.on_roll)) return fail('VOTE_NOT_FINANCIAL', row.voter_session ?? '');
  if (row.roll_frozen && !row.on_roll) return fail('VOTE_NOT_ON_ROLL'); // verified (or paid) after voting opened
  if (row.voted || row.locked === 1) return fail('VOTE_ALREADY_CAST', v.position); // before, or concurrently
  if (row.still_open === 0) return fail('VOTE_ENDED'); // the record was closed while this vote ran
  // Every check passed on the snapshot, but the locked row says otherwise: an admin moved or
  // removed the candidate while this vote ran.
  return fail('VOTE_CANDIDATE_WRONG_POSITION', v.position);
}

/**
 * The status of the member signed in with the session for every position with candidates, in
 * voting order: voted or not (401 without a live session, 404 for an unknown election). The
 * server cannot say for whom (ballots carry no voter), so votedFor is always null; the voting
 * page shows the choice from the receipts kept on the voter's device.
 */
export async function myVotes(pool: pg.Pool, electionId: string, session: StatementSession, now: Date): Promise<VotingStatusItem[]> {
  const rows = await q.myParticipations(pool, electionId, session, now);
  if (!rows[0]!.signed_in) throw fail('UNAUTHENTICATED');
  if (!rows[0]!.found) throw fail('ELECTION_NOT_FOUND');
  return rows
    .filter((r) => r.position !== null)
    .sort((a, b) => positionRank(a.position!) - positionRank(b.position!) || a.position!.localeCompare(b.position!))
    .map((r) => ({ position: r.position!, hasVoted: r.voted, votedFor: null }));
}

/**
 * A voter's check that their ballot is counted: 'counted' or 'unknown', nothing more (never the
 * candidate: before publication that would be a running tally of one). The code is read as a
 * voter types it (case, spaces and dashes do not matter); anything else is a 400.
 */
export async function checkReceipt(pool: pg.Pool, electionId: string, code: string): Promise<'counted' | 'unknown'> {
  const receipt = normaliseReceipt(code);
  if (!receipt) throw fail('RECEIPT_INVALID');
  const r = await q.receiptCounted(pool, electionId, receipt);
  if (!r.found) throw fail('ELECTION_NOT_FOUND');
  return r.counted ? 'counted' : 'unknown';
}

const STATUS_RANK = { active: 0, upcoming: 1, ended: 2 } as const;

/**
 * Elections for the voting page: is_active and publicly visible, not ended more than 7 days
 * ago; open ones first (the client uses the first), then upcoming by start, then ended, latest
 * end first. Candidates in voting order, then by name.
 */
export async function activeElections(pool: pg.Pool, now: Date): Promise<ActiveElection[]> {
  const rows = await q.activeElections(pool, new Date(now.getTime() - ENDED_LISTED_FOR_MS));
  return rows
    .map((e) => ({
      id: e.id,
      title: e.title,
      description: e.description,
      start_time: e.start_time.toISOString(),
      end_time: e.end_time.toISOString(),
      is_active: e.is_active,
      results_published: e.results_published,
      status: electionStatus(e.start_time, e.end_time, now),
      voter_rule: e.voter_rule,
      session: e.voter_session,
      candidates: e.candidates
        .map((c) => ({ ...c, position: c.position as Position }))
        .sort((a, b) => positionRank(a.position) - positionRank(b.position)),
    }))
    .sort((a, b) => {
      const byStatus = STATUS_RANK[a.status] - STATUS_RANK[b.status];
      if (byStatus !== 0) return byStatus;
      return a.status === 'ended' ? b.end_time.localeCompare(a.end_time) : a.start_time.localeCompare(b.start_time);
    });
}
