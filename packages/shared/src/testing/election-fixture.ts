import {
  BOARD_FORMAT,
  entryHash,
  GENESIS_HASH,
  RECORD_FORMAT,
  receiptHash,
  type BoardBallot,
  type BoardFile,
  type ElectionRecordFile,
  type Json,
  type RecordEntry,
  type RecordKind,
} from '../election-record.ts';

// A small finished election as its downloads would be, for the verifier's tests: built with the
// same functions the server uses, so a test can tamper with one thing at a time.

export const ELECTION_ID = '5f0c6a52-8d0e-4c2b-9a51-0c7f1d2e3a4b';
const AMAKA = '11111111-1111-4111-8111-111111111111';
const BAYO = '22222222-2222-4222-8222-222222222222';
const CHIOMA = '33333333-3333-4333-8333-333333333333';

export const BALLOTS: BoardBallot[] = [
  { receipt: '2222-AAAA-BBBB', position: 'President', candidate_id: AMAKA, candidate_name: 'Amaka Obi' },
  { receipt: '3333-CCCC-DDDD', position: 'President', candidate_id: BAYO, candidate_name: 'Bayo Adeyemi' },
  { receipt: '4444-EEEE-FFFF', position: 'President', candidate_id: AMAKA, candidate_name: 'Amaka Obi' },
  { receipt: '5555-GGGG-HHHH', position: 'Treasurer', candidate_id: CHIOMA, candidate_name: 'Chioma Nwosu' },
];

export const TALLIES = [
  { position: 'President', candidates: [{ candidate_id: AMAKA, candidate_name: 'Amaka Obi', votes: 2 }, { candidate_id: BAYO, candidate_name: 'Bayo Adeyemi', votes: 1 }] },
  { position: 'Treasurer', candidates: [{ candidate_id: CHIOMA, candidate_name: 'Chioma Nwosu', votes: 1 }] },
];

/** Links and hashes entries (kind and payload given) into a chain, as the server appends them. */
export async function chain(items: { kind: RecordKind; payload: Json }[], electionId = ELECTION_ID): Promise<RecordEntry[]> {
  const out: RecordEntry[] = [];
  let prev_hash = GENESIS_HASH;
  for (const [i, item] of items.entries()) {
    const entry = { seq: i + 1, kind: item.kind, payload: item.payload, prev_hash, recorded_at: new Date(Date.UTC(2026, 2, 1, 8, 0, i)).toISOString() };
    const hash = await entryHash(electionId, entry);
    out.push({ ...entry, hash });
    prev_hash = hash;
  }
  return out;
}

/** The items of a finished election's record, one of every kind. */
export async function finishedItems(ballots: BoardBallot[] = BALLOTS): Promise<{ kind: RecordKind; payload: Json }[]> {
  const hashes = (await Promise.all(ballots.map((b) => receiptHash(b.receipt)))).sort();
  return [
    { kind: 'created', payload: { title: 'General Elections', description: null, start_time: '2026-03-01T08:00:00.000Z', end_time: '2026-03-01T18:00:00.000Z', is_active: true, is_publicly_visible: true } },
    { kind: 'edited', payload: { changes: { title: 'General Elections 2026' } } },
    { kind: 'candidate_added', payload: { candidate_id: AMAKA, candidate_name: 'Amaka Obi', position: 'President' } },
    { kind: 'candidate_edited', payload: { candidate_id: AMAKA, candidate_name: 'Amaka Obi', changes: { manifesto: 'More lab hours' } } },
    { kind: 'candidate_removed', payload: { candidate_id: '44444444-4444-4444-8444-444444444444', candidate_name: 'Dayo Late', position: 'President' } },
    { kind: 'roll_frozen', payload: { size: 10, fingerprint: 'a'.repeat(64) } },
    { kind: 'opened', payload: {} },
    { kind: 'extended', payload: { old_end_time: '2026-03-01T18:00:00.000Z', new_end_time: '2026-03-01T20:00:00.000Z' } },
    { kind: 'closed_early', payload: { end_time: '2026-03-01T20:00:00.000Z', closed_at: '2026-03-01T19:00:00.000Z' } },
    ...hashes.map((h) => ({ kind: 'ballot' as const, payload: { receipt_hash: h } })),
    { kind: 'closed', payload: { ballot_count: hashes.length, participation_count: hashes.length, salt: 'b'.repeat(64), reason: 'closed early' } },
    { kind: 'results_published', payload: { final: true, tallies: structuredClone(TALLIES) } },
    { kind: 'archived', payload: {} },
  ];
}

export async function finishedElection(): Promise<{ record: ElectionRecordFile; board: BoardFile }> {
  const entries = await chain(await finishedItems());
  return {
    record: { format: RECORD_FORMAT, election_id: ELECTION_ID, entries },
    board: { format: BOARD_FORMAT, election_id: ELECTION_ID, title: 'General Elections 2026', ballots: structuredClone(BALLOTS) },
  };
}
