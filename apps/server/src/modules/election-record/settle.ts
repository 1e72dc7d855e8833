import { randomBytes } from 'node:crypto';
import { receiptHash, rollFingerprint, rollRulePayload, type Json, type RollRule } from '@aesa/shared/election-record';
import type { Executor } from '../../db/tx.ts';
import { groupResults } from '../results/results.service.ts';
import * as q from './election-record.queries.ts';
import { appendElectionRecord, appendElectionRecords } from './record.ts';

export interface Settled {
  found: boolean;
  frozen: boolean;
  closed: boolean;
}

/** Voting has started: switched on and the start time reached. The roll is frozen at this point. */
export const hasOpened = (e: q.ElectionState, now: Date) => e.is_active && now.getTime() >= e.start_time.getTime();
/** Voting is over for good once it opened: the end time passed, or the election was switched off. */
export const hasClosed = (e: q.ElectionState, now: Date) => now.getTime() > e.end_time.getTime() || !e.is_active;

/** Whether the clock asks for work on this election: a roll to freeze or a record to close. */
const isDue = (e: q.ElectionState, now: Date) =>
  (e.roll_frozen_at === null && hasOpened(e, now)) || (e.roll_frozen_at !== null && e.voting_closed_at === null && hasClosed(e, now));

/**
 * THE place where an election is settled: brings its roll and record up to date with the clock,
 * idempotently: freezes the roll once voting has started, and closes the record once it is over.
 * Called only by the route hook of the routes that read or write an election
 * (election-record.plugin.ts, the `settles` route option) and by the background tick, which then
 * queues the notice that voting opened (election-notices.ts); whoever comes second finds the work done. An election with nothing due costs
 * one read; due work runs in one transaction holding the election's row.
 */
export async function settleElection(db: Executor, electionId: string, now: Date): Promise<Settled> {
  const seen = await q.findElectionState(db, electionId);
  if (!seen) return { found: false, frozen: false, closed: false };
  if (!isDue(seen, now)) return { found: true, frozen: seen.roll_frozen_at !== null, closed: seen.voting_closed_at !== null };
  return db.transaction(async (tx) => {
    const e = await q.lockElectionState(tx, electionId);
    if (!e) return { found: false, frozen: false, closed: false };
    let frozen = e.roll_frozen_at !== null;
    if (!frozen && hasOpened(e, now)) {
      await freezeRoll(tx, e, now);
      frozen = true;
    }
    let closed = e.voting_closed_at !== null;
    if (frozen && !closed && hasClosed(e, now)) {
      await closeVoting(tx, e, now);
      closed = true;
    }
    return { found: true, frozen, closed };
  });
}

/**
 * The roll: every member eligible right now under the election's voter rule (the rule the vote
 * used until now), with a fresh random salt; its size and fingerprint go into the record, then
 * `opened`. The fingerprint covers the rule and the entry names it, except the verified rule,
 * which both leave out: hashed and written exactly as before rules existed, so every earlier
 * roll keeps its fingerprint (packages/shared/src/election-record.ts, rollFingerprintInput).
 */
async function freezeRoll(tx: Executor, e: q.ElectionState, now: Date) {
  const ids = await q.insertRoll(tx, e.id);
  const salt = randomBytes(32).toString('hex');
  const rule: RollRule = { voter_rule: e.voter_rule, session: e.voter_session };
  const fingerprint = await rollFingerprint(ids, salt, rule);
  await q.setRollFrozen(tx, e.id, { at: now, size: ids.length, fingerprint, salt });
  await appendElectionRecords(tx, e.id, [
    { kind: 'roll_frozen', payload: { size: ids.length, fingerprint, ...rollRulePayload(rule) } },
    { kind: 'opened', payload: {} },
  ], now);
}

export type CloseReason = 'ended' | 'switched off' | 'closed early';

/**
 * Closes the record: one ballot entry per ballot (the hash of its receipt, nothing else) in
 * ascending receipt-hash order, never in the order the votes came (that order would line up with
 * the participations' times); then `closed` with the counts and the roll's salt, now public.
 * The final tallies wait for the committee's own step, Publish Final Results (decision 056),
 * even when the results were published while voting was open.
 * The caller holds the election row FOR UPDATE (lockElectionState): a vote in flight has
 * committed before it (its ballot is read here), a later one sees voting_closed_at and is refused.
 */
export async function closeVoting(tx: Executor, e: q.ElectionState, now: Date, reason?: CloseReason) {
  const hashes = (await Promise.all((await q.ballotReceipts(tx, e.id)).map((r) => receiptHash(r)))).sort();
  const participations = await q.participationCount(tx, e.id);
  await appendElectionRecords(tx, e.id, [
    ...hashes.map((h) => ({ kind: 'ballot' as const, payload: { receipt_hash: h } })),
    {
      kind: 'closed' as const,
      payload: { ballot_count: hashes.length, participation_count: participations, salt: e.roll_salt ?? '', reason: reason ?? (now.getTime() > e.end_time.getTime() ? 'ended' : 'switched off') },
    },
  ], now);
  await q.setVotingClosed(tx, e.id, now);
}

/** The final tallies, as the results show them, into the record. */
export async function recordFinalResults(tx: Executor, electionId: string, now: Date) {
  const tallies = groupResults(await q.tallies(tx, electionId));
  await appendElectionRecord(tx, electionId, 'results_published', { final: true, tallies: tallies as unknown as Json }, now);
}
