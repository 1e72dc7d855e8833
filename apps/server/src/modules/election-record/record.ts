import { entryHash, GENESIS_HASH, type Json, type RecordEntry, type RecordKind } from '@aesa/shared/election-record';
import type { Executor } from '../../db/tx.ts';
import * as q from './election-record.queries.ts';

/**
 * Appends one entry to the election's record, in the caller's transaction: it locks the election
 * (so two appends never fork the chain: the second waits and links to the first), numbers the
 * entry after the head and hashes it over the head's hash (packages/shared/src/election-record.ts).
 * Rolls back with the caller's change: an entry exists exactly when what it records happened.
 */
export async function appendElectionRecord(client: Executor, electionId: string, kind: RecordKind, payload: Json, at: Date = new Date()): Promise<RecordEntry> {
  const entries = await appendElectionRecords(client, electionId, [{ kind, payload }], at);
  return entries[entries.length - 1]!;
}

/** Several entries at once, in the given order (the ballot entries when voting closes). */
export async function appendElectionRecords(client: Executor, electionId: string, items: { kind: RecordKind; payload: Json }[], at: Date = new Date()): Promise<RecordEntry[]> {
  const head = await q.lockHead(client, electionId);
  if (!head.found) throw new Error(`appendElectionRecord: election ${electionId} does not exist`);
  // An election made before the record existed (or written straight into the database) starts
  // its record with its creation as it stands now, so every record begins with `created`.
  if (head.seq === 0 && items[0]?.kind !== 'created') {
    items = [{ kind: 'created', payload: await q.electionFields(client, electionId) }, ...items];
  }
  // Milliseconds, as ISO 8601 UTC: exactly what the hash covers and what the table gives back.
  const recorded_at = new Date(Math.floor(at.getTime())).toISOString();
  const entries: RecordEntry[] = [];
  let prev_hash = head.hash ?? GENESIS_HASH;
  let seq = head.seq;
  for (const { kind, payload } of items) {
    seq += 1;
    const hash = await entryHash(electionId, { seq, kind, payload, prev_hash, recorded_at });
    entries.push({ seq, kind, payload, prev_hash, hash, recorded_at });
    prev_hash = hash;
  }
  await q.insertEntries(client, electionId, entries);
  return entries;
}

/** Begins the record with `created` (the election's fields as they stand) if it has no entry yet. */
export async function startElectionRecord(client: Executor, electionId: string, at: Date = new Date()) {
  const head = await q.lockHead(client, electionId);
  if (head.found && head.seq === 0) await appendElectionRecords(client, electionId, [], at);
}
