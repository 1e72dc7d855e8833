// The election record (a hash chain of everything that happened to an election), the voter
// roll's fingerprint and the bulletin board, and the verifier that checks them. The server
// writes with these functions and the browser and `npm run verify-election` check with the SAME
// code, so "OK" means the same thing everywhere. Hashing is WebCrypto (`globalThis.crypto.subtle`),
// present in Node 20 and every browser. No zod here: the board page loads it without zod.

export const RECORD_KINDS = [
  'created',
  'edited',
  'candidate_added',
  'candidate_edited',
  'candidate_removed',
  'roll_frozen',
  'opened',
  'ballot',
  'closed',
  'results_published',
  // The lifecycle once voting has opened (decision 056).
  'extended',
  'closed_early',
  'archived',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The prev_hash of an election's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

export const RECORD_FORMAT = 'aesa-election-record/1';
export const BOARD_FORMAT = 'aesa-election-board/1';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface RecordEntry {
  seq: number;
  kind: RecordKind;
  payload: Json;
  prev_hash: string;
  hash: string;
  /** ISO 8601 UTC with milliseconds, exactly as hashed. */
  recorded_at: string;
}

export interface ElectionRecordFile {
  format: typeof RECORD_FORMAT;
  election_id: string;
  entries: RecordEntry[];
}

export interface BoardBallot {
  receipt: string;
  position: string;
  candidate_id: string;
  candidate_name: string;
}

export interface BoardFile {
  format: typeof BOARD_FORMAT;
  election_id: string;
  title: string;
  ballots: BoardBallot[];
}

export interface TallyCandidate {
  candidate_id: string;
  candidate_name: string;
  votes: number;
}
export interface PositionTally {
  position: string;
  candidates: TallyCandidate[];
}

/**
 * Canonical JSON: object keys sorted (by UTF-16 code units), no whitespace, strings and numbers
 * as JSON.stringify writes them, undefined members left out. The same value always gives the same
 * text, whatever order its keys were written or stored in (PostgreSQL's jsonb reorders them).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonicalJson: not a finite number');
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

/** SHA-256 of the text's UTF-8 bytes (or of the bytes), as 64 lower-case hex digits. */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What an entry's hash covers: the canonical JSON of these six fields. */
export function entryHashInput(electionId: string, e: Pick<RecordEntry, 'seq' | 'kind' | 'payload' | 'prev_hash' | 'recorded_at'>): string {
  return canonicalJson({ election_id: electionId, seq: e.seq, kind: e.kind, payload: e.payload, prev_hash: e.prev_hash, recorded_at: e.recorded_at });
}

export function entryHash(electionId: string, e: Pick<RecordEntry, 'seq' | 'kind' | 'payload' | 'prev_hash' | 'recorded_at'>): Promise<string> {
  return sha256Hex(entryHashInput(electionId, e));
}

/** Who may vote in an election, as its roll was frozen with: verified members, or financial members of a session. */
export interface RollRule {
  voter_rule: 'verified' | 'financial';
  /** The session's year (2026-2027) with the financial rule; null with verified. */
  session: string | null;
}

export const VERIFIED_RULE: RollRule = { voter_rule: 'verified', session: null };

/**
 * The line of the fingerprint's input that names the rule, or null for the verified rule. A uuid
 * line never starts with `voter_rule=`, so no roll under one rule hashes like a roll under another.
 */
export function rollRuleLine(rule: RollRule): string | null {
  return rule.voter_rule === 'financial' ? `voter_rule=financial session=${rule.session ?? ''}` : null;
}

/** The rule as a record entry names it (created, edited, roll_frozen): nothing for verified, as in every older record. */
export function rollRulePayload(rule: RollRule): { [key: string]: Json } {
  return rule.voter_rule === 'financial' ? { voter_rule: 'financial', session: rule.session } : {};
}

/**
 * The exact text whose SHA-256 is the roll's fingerprint: the salt, a line feed, for the financial
 * rule the line `voter_rule=financial session=2026-2027` and a line feed, then the members' ids
 * (lower-case uuids) sorted ascending and joined by line feeds. The verified rule adds no line, so
 * the rolls frozen before elections had rules (all verified) keep their fingerprints. The salt is
 * secret until voting closes, so nobody can test a guessed roll against the fingerprint while the
 * vote runs; once it is published, anyone holding the roll recomputes the fingerprint.
 */
export function rollFingerprintInput(memberIds: readonly string[], salt: string, rule: RollRule = VERIFIED_RULE): string {
  const ids = memberIds.map((id) => id.toLowerCase()).sort();
  const ruleLine = rollRuleLine(rule);
  return ruleLine === null ? `${salt}\n${ids.join('\n')}` : `${salt}\n${ruleLine}\n${ids.join('\n')}`;
}

export function rollFingerprint(memberIds: readonly string[], salt: string, rule: RollRule = VERIFIED_RULE): Promise<string> {
  return sha256Hex(rollFingerprintInput(memberIds, salt, rule));
}

/** A ballot entry carries only this: the SHA-256 of the receipt code as shown (`K7QF-2M9C-XW4T`). */
export function receiptHash(receipt: string): Promise<string> {
  return sha256Hex(receipt);
}

/** The board's files: canonical JSON with a final line feed; CSV with a header. */
export function boardJsonText(board: BoardFile): string {
  return `${canonicalJson(board)}\n`;
}

export function recordJsonText(record: ElectionRecordFile): string {
  return `${canonicalJson(record)}\n`;
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text a spreadsheet would run
 * as a formula (starting with = + - @) gets a leading apostrophe.
 */
export function csvCell(v: string): string {
  const text = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function boardCsvText(board: BoardFile): string {
  const lines = ['receipt,position,candidate_id,candidate_name', ...board.ballots.map((b) => [b.receipt, b.position, b.candidate_id, b.candidate_name].map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** Votes per candidate counted from the board's ballots (candidate id -> count, with position and name). */
export function tallyBoard(ballots: readonly BoardBallot[]): Map<string, { position: string; candidate_name: string; votes: number }> {
  const totals = new Map<string, { position: string; candidate_name: string; votes: number }>();
  for (const b of ballots) {
    const t = totals.get(b.candidate_id);
    if (t) t.votes++;
    else totals.set(b.candidate_id, { position: b.position, candidate_name: b.candidate_name, votes: 1 });
  }
  return totals;
}

/** The final published tallies in a record (the results_published entry with final: true), if any. */
export function finalTallies(record: ElectionRecordFile): PositionTally[] | null {
  const entry = record.entries.find((e) => e.kind === 'results_published' && isObject(e.payload) && e.payload.final === true);
  return entry && isObject(entry.payload) && Array.isArray(entry.payload.tallies) ? (entry.payload.tallies as unknown as PositionTally[]) : null;
}

export type VerifyResult = { ok: true; ballots: number; entries: number; head: string } | { ok: false; problem: string };

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const SESSION_YEAR = /^\d{4}-\d{4}$/;
const sameRule = (a: RollRule, b: RollRule) => a.voter_rule === b.voter_rule && a.session === b.session;
const ruleText = (r: RollRule) => (r.voter_rule === 'financial' ? `financial members for ${r.session}` : 'verified members');

/**
 * The rule after an entry that may name it (`voter_rule`, `session`; a part left out keeps its
 * value, and the verified rule has no session), or what is wrong with it.
 */
function ruleAfter(before: RollRule, fields: Record<string, Json>): RollRule | string {
  const voterRule = 'voter_rule' in fields ? fields.voter_rule : before.voter_rule;
  if (voterRule !== 'verified' && voterRule !== 'financial') return 'its voter rule is neither verified nor financial';
  const session = 'session' in fields ? fields.session : voterRule === 'financial' ? before.session : null;
  if (voterRule === 'verified') return session === null || session === undefined ? VERIFIED_RULE : 'a verified rule names no session';
  if (typeof session !== 'string' || !SESSION_YEAR.test(session)) return 'a financial rule must name its session (2026-2027)';
  return { voter_rule: 'financial', session };
}
const HEX64 = /^[0-9a-f]{64}$/;
const label = (e: { seq: number; kind: string }) => `Entry ${e.seq} (${e.kind})`;

/**
 * Checks a record, and with it a board: the chain (numbering, links, every hash), what each kind
 * of entry may hold, the ballot entries (between opened and closed, in ascending receipt-hash
 * order), the ballot count against the participation count, the board's receipts against the
 * ballot entries one for one, and the totals counted from the board against the published
 * tallies. Answers the FIRST mismatch found, in that order. Who may vote: the rule the election
 * was created (and edited) with must be the one its roll was frozen with, and no edit changes it
 * after; given the roll's member ids, their fingerprint under that rule (with the salt published
 * at the close) must be the roll's.
 */
export async function verifyElection(record: ElectionRecordFile, board?: BoardFile, roll?: readonly string[]): Promise<VerifyResult> {
  const bad = (problem: string): VerifyResult => ({ ok: false, problem });
  if (!isObject(record) || record.format !== RECORD_FORMAT || typeof record.election_id !== 'string' || !Array.isArray(record.entries)) {
    return bad(`The record is not an election record (format ${RECORD_FORMAT})`);
  }
  if (record.entries.length === 0) return bad('The record has no entries');

  // 1. The chain.
  let prev = GENESIS_HASH;
  for (const [i, e] of record.entries.entries()) {
    if (!isObject(e)) return bad(`Entry ${i + 1} is not an entry`);
    if (e.seq !== i + 1) return bad(`Entry ${i + 1}: its number is ${String(e.seq)}, expected ${i + 1} (an entry was dropped, added or moved)`);
    if (!(RECORD_KINDS as readonly string[]).includes(e.kind)) return bad(`${label(e)}: unknown kind`);
    if (e.prev_hash !== prev) return bad(`${label(e)}: its previous hash does not match the hash of the entry before it`);
    if ((await entryHash(record.election_id, e)) !== e.hash) return bad(`${label(e)}: its hash does not match its contents`);
    prev = e.hash;
  }
  const entries = record.entries;
  if (entries[0]!.kind !== 'created') return bad('Entry 1 is not the election\'s creation');

  // 2. What each kind holds, and where ballots may stand; who may vote, as created and edited,
  //    is the rule the roll was frozen with, and does not change after.
  const opened = entries.findIndex((e) => e.kind === 'opened');
  const closedIndex = entries.findIndex((e) => e.kind === 'closed');
  let lastReceiptHash = '';
  const ballotHashes: string[] = [];
  let rule: RollRule = VERIFIED_RULE;
  let frozenRule: RollRule | null = null;
  // The scheduled end as the record tells it (created, edited, extended): an extension starts from it.
  let end: number | null = null;
  const whileOpen = (i: number) => opened >= 0 && i > opened && (closedIndex < 0 || i < closedIndex);
  for (const [i, e] of entries.entries()) {
    const p = e.payload;
    if (!isObject(p)) return bad(`${label(e)}: its contents are not an object`);
    if (e.kind === 'created' || e.kind === 'edited') {
      const next = ruleAfter(rule, e.kind === 'created' ? p : isObject(p.changes) ? p.changes : {});
      if (typeof next === 'string') return bad(`${label(e)}: ${next}`);
      if (frozenRule && !sameRule(next, rule)) return bad(`${label(e)}: who may vote was changed after the roll was frozen`);
      rule = next;
    }
    if (e.kind === 'created' && typeof p.end_time === 'string') end = Date.parse(p.end_time);
    if (e.kind === 'edited' && isObject(p.changes) && typeof p.changes.end_time === 'string') end = Date.parse(p.changes.end_time);
    if (e.kind === 'extended') {
      const from = typeof p.old_end_time === 'string' ? Date.parse(p.old_end_time) : NaN;
      const to = typeof p.new_end_time === 'string' ? Date.parse(p.new_end_time) : NaN;
      if (Number.isNaN(from) || Number.isNaN(to)) return bad(`${label(e)}: it must hold the old and the new end time`);
      if (to <= from) return bad(`${label(e)}: the new end is not later than the old one`);
      if (end !== null && from !== end) return bad(`${label(e)}: its old end is not the end the record held before it`);
      if (!whileOpen(i)) return bad(`${label(e)}: voting can only be extended while it is open (after opened, before closed)`);
      end = to;
    }
    if (e.kind === 'closed_early') {
      const scheduled = typeof p.end_time === 'string' ? Date.parse(p.end_time) : NaN;
      const at = typeof p.closed_at === 'string' ? Date.parse(p.closed_at) : NaN;
      if (Number.isNaN(scheduled) || Number.isNaN(at)) return bad(`${label(e)}: it must hold the scheduled end and the moment voting was closed`);
      if (at > scheduled) return bad(`${label(e)}: voting was closed after its scheduled end, not early`);
      if (end !== null && scheduled !== end) return bad(`${label(e)}: its scheduled end is not the end the record held before it`);
      if (!whileOpen(i)) return bad(`${label(e)}: voting can only be closed early while it is open (after opened, before closed)`);
      const reason = isObject(entries[closedIndex]?.payload) ? (entries[closedIndex]!.payload as Record<string, Json>).reason : null;
      if (reason !== 'closed early') return bad(`${label(e)}: the closed entry does not say voting was closed early`);
    }
    if (e.kind === 'archived' && (closedIndex < 0 || i < closedIndex)) return bad(`${label(e)}: an election is archived only after voting closed`);
    if (e.kind === 'roll_frozen') {
      if (!(Number.isInteger(p.size) && typeof p.fingerprint === 'string' && HEX64.test(p.fingerprint))) return bad(`${label(e)}: it must hold the roll's size and fingerprint`);
      const named = ruleAfter(VERIFIED_RULE, p);
      if (typeof named === 'string') return bad(`${label(e)}: ${named}`);
      if (!sameRule(named, rule)) return bad(`${label(e)}: the roll was frozen for ${ruleText(named)}, but the election is for ${ruleText(rule)}`);
      frozenRule = named;
    }
    if (e.kind === 'ballot') {
      if (Object.keys(p).length !== 1 || typeof p.receipt_hash !== 'string' || !HEX64.test(p.receipt_hash)) return bad(`${label(e)}: it must hold a receipt hash and nothing else`);
      if (opened < 0 || i < opened || closedIndex < 0 || i > closedIndex) return bad(`${label(e)}: a ballot entry stands outside voting (after opened, before closed)`);
      if (p.receipt_hash <= lastReceiptHash) return bad(`${label(e)}: ballot entries are not in ascending receipt-hash order (or one is repeated)`);
      lastReceiptHash = p.receipt_hash;
      ballotHashes.push(p.receipt_hash);
    }
    if (e.kind === 'closed') {
      if (!Number.isInteger(p.ballot_count) || !Number.isInteger(p.participation_count)) return bad(`${label(e)}: it must hold the ballot and participation counts`);
    }
  }
  if (entries.filter((e) => e.kind === 'closed').length > 1) return bad('The record is closed more than once');
  if (entries.filter((e) => e.kind === 'closed_early').length > 1) return bad('The record is closed early more than once');
  if (entries.filter((e) => e.kind === 'archived').length > 1) return bad('The record is archived more than once');

  // 3. Ballots against participations.
  const closed = closedIndex >= 0 ? entries[closedIndex]! : null;
  if (closed) {
    const p = closed.payload as Record<string, Json>;
    if (p.ballot_count !== ballotHashes.length) return bad(`${label(closed)}: it counts ${String(p.ballot_count)} ballots, the record holds ${ballotHashes.length} ballot entries`);
    if (p.ballot_count !== p.participation_count) return bad(`${label(closed)}: ${String(p.ballot_count)} ballots but ${String(p.participation_count)} participations`);
  }
  if (roll) {
    const frozen = entries.find((e) => e.kind === 'roll_frozen');
    if (!frozen || !frozenRule) return bad('The record holds no frozen roll to check the roll against');
    const p = frozen.payload as Record<string, Json>;
    const salt = closed ? (closed.payload as Record<string, Json>).salt : null;
    if (typeof salt !== 'string' || salt === '') return bad('The roll can be checked only after voting closed (the salt is published then)');
    if (p.size !== roll.length) return bad(`${label(frozen)}: the roll holds ${String(p.size)} members, the list given holds ${roll.length}`);
    if ((await rollFingerprint(roll, salt, frozenRule)) !== p.fingerprint) return bad(`${label(frozen)}: the fingerprint of the list given, for ${ruleText(frozenRule)}, is not the roll's fingerprint`);
  }
  if (!board) return { ok: true, ballots: ballotHashes.length, entries: entries.length, head: prev };

  // 4. The board against the record.
  if (!isObject(board) || board.format !== BOARD_FORMAT || !Array.isArray(board.ballots)) return bad(`The board is not a bulletin board (format ${BOARD_FORMAT})`);
  if (board.election_id !== record.election_id) return bad('The board is of another election than the record');
  if (!closed) return bad('The record is not closed: the board can only be checked after voting closed');
  const tallies = finalTallies(record);
  if (!tallies || entries.findIndex((e) => e.kind === 'results_published' && (e.payload as Record<string, Json>).final === true) < closedIndex) {
    return bad('The record holds no final results published after voting closed');
  }
  const recorded = new Set(ballotHashes);
  const seen = new Set<string>();
  for (const [i, b] of board.ballots.entries()) {
    if (!isObject(b) || typeof b.receipt !== 'string') return bad(`Board row ${i + 1} is not a ballot`);
    if (i > 0 && b.receipt <= board.ballots[i - 1]!.receipt) return bad(`Board row ${i + 1} (${b.receipt}): the rows are not in receipt order (or a receipt is repeated)`);
    const h = await receiptHash(b.receipt);
    if (!recorded.has(h)) return bad(`Board row ${i + 1} (${b.receipt}): this receipt is not in the record`);
    seen.add(h);
  }
  if (board.ballots.length !== ballotHashes.length) {
    return bad(`The board lists ${board.ballots.length} ballots, the record holds ${ballotHashes.length} ballot entries`);
  }

  // 5. The totals counted from the board against the published tallies.
  const counted = tallyBoard(board.ballots);
  const published = new Map<string, { position: string; candidate_name: string; votes: number }>();
  for (const pos of tallies) for (const c of pos.candidates ?? []) published.set(c.candidate_id, { position: pos.position, candidate_name: c.candidate_name, votes: c.votes });
  for (const [id, t] of published) {
    const c = counted.get(id);
    const n = c?.votes ?? 0;
    if (n !== t.votes) return bad(`Totals: ${t.position}, ${t.candidate_name}: ${n} on the board, ${t.votes} in the published results`);
    if (c && c.position !== t.position) return bad(`Totals: ${t.candidate_name} stands for ${t.position} in the results but for ${c.position} on the board`);
  }
  for (const [id, c] of counted) {
    if (!published.has(id)) return bad(`Totals: ${c.position}, ${c.candidate_name}: ${c.votes} on the board, not in the published results`);
  }
  return { ok: true, ballots: ballotHashes.length, entries: entries.length, head: prev };
}

export const RECORD_MSG = {
  boardNotPublished: 'The bulletin board appears when the final results are published.',
  notOnRoll: 'You were not an eligible member when voting opened, so you are not on this election\'s voter roll and cannot vote in it. Please contact the Electoral Committee.',
  rollNotFrozen: 'The voter roll is frozen when voting opens; there is none yet.',
  verifyOk: 'OK',
} as const;

/** The words of the bulletin board page and the elections page's roll and record facts. */
export const BOARD_TEXT = {
  title: 'Bulletin board',
  intro: 'Every ballot of this election, by receipt code. Nobody, not even the Electoral Committee, can tell from it who cast which ballot.',
  checking: 'Checking the record and the board...',
  okDetail: 'the record\'s chain is intact, every ballot on the board is in the record, there are as many ballots as votes recorded, and the totals counted from the board equal the published results.',
  mismatch: 'Mismatch:',
  loadFailed: 'The bulletin board could not be loaded.',
  totalsTitle: 'Totals',
  countedHere: 'Counted here from the board',
  official: 'Published result',
  findTitle: 'Find my receipt',
  findLabel: 'Receipt code',
  findButton: 'Find',
  found: (position: string, candidate: string) => `Found: this ballot is counted for ${candidate} (${position}).`,
  notFound: 'This receipt is not on the board.',
  downloadsTitle: 'Downloads',
  ballotsTitle: 'Ballots',
  rollTitle: 'Voter roll and election record',
  rollNotFrozen: 'The voter roll is frozen when voting opens.',
  onRoll: 'You are on the voter roll of this election.',
  notOnRoll: 'You are not on the voter roll of this election: you were not an eligible member when voting opened.',
  boardLink: 'View the bulletin board',
} as const;
