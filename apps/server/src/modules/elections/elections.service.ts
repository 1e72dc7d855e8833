import { POSITIONS, type Position } from '@aesa/shared/constants';
import { electionStatus, type Candidate, type CandidateCreateInput, type CandidateUpdateInput, type Election, type ElectionCreateInput, type ElectionUpdateInput, type ElectionWithCandidates } from '@aesa/shared/elections';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import { electionFieldsOf, electionPayload } from '../election-record/election-record.queries.ts';
import { appendElectionRecord, startElectionRecord } from '../election-record/record.ts';
import type { NoticeConfig } from '../election-record/election-notices.ts';
import { closeSwitchedOff, publishFinalResults } from './election-lifecycle.service.ts';
import * as q from './elections.queries.ts';

/**
 * Election and candidate management. Reading is public, but a hidden election
 * (is_publicly_visible false) exists only for electoral admins, and a candidate's e-mail and
 * matric number are shown only to them. Writing needs the electoral permission (routes).
 */
export interface ElectionsDeps {
  db: Db;
  clock: () => Date;
  /** Tells this process's live results at once (other processes hear the NOTIFY). */
  changed: (electionId: string) => void;
  /** What the election notices need (the final results' notice is queued with the publication). */
  notices: NoticeConfig;
}

const POSITION_ORDER = new Map<string, number>(POSITIONS.map((p, i) => [p, i]));

export function toElection(row: q.ElectionRow, now: Date): Election {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    start_time: row.start_time.toISOString(),
    end_time: row.end_time.toISOString(),
    is_active: row.is_active,
    is_publicly_visible: row.is_publicly_visible,
    results_published: row.results_published,
    final_results_published: row.final_results_published_at !== null,
    voting_opened: row.roll_frozen_at !== null,
    voting_closed: row.voting_closed_at !== null,
    archived_at: row.archived_at ? row.archived_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    voter_rule: row.voter_rule,
    session: row.voter_session,
    // Closed now (Close Voting Now sets the end to the closing moment): ended from that moment on.
    status: row.voting_closed_at && row.end_time.getTime() <= row.voting_closed_at.getTime() && now.getTime() >= row.end_time.getTime() ? 'ended' : electionStatus(row.start_time, row.end_time, now),
    version: row.version,
  };
}

/** The refusals of a voter rule, as the API answers them (400; 409 once the roll is frozen). */
function ruleRefused(r: q.VoterRuleRefusal) {
  if (r === 'rule-frozen') return fail('ELECTION_VOTER_RULE_FROZEN');
  if (r === 'session-required') return fail('ELECTION_SESSION_REQUIRED');
  if (r === 'session-only-financial') return fail('ELECTION_SESSION_ONLY_FOR_FINANCIAL');
  return fail('ELECTION_SESSION_NOT_FOUND', r.sessionNotFound);
}

export function toCandidate(row: q.CandidateRow, electoralAdmin: boolean): Candidate {
  const users: Candidate['users'] = { name: row.name, profile_image_url: row.profile_image_url, bio: row.bio };
  // The matric number tells electoral admins which member stands; the e-mail address is not
  // theirs to read (admin/email-access.ts), so candidates never carry it.
  if (electoralAdmin) Object.assign(users, { matric_number: row.matric_number });
  return {
    id: row.id,
    election_id: row.election_id,
    user_id: row.user_id,
    position: row.position as Position,
    manifesto: row.manifesto,
    candidate_image_url: row.candidate_image_url,
    version: row.version,
    users,
  };
}

const byPosition = (a: { position: string }, b: { position: string }) => (POSITION_ORDER.get(a.position) ?? 99) - (POSITION_ORDER.get(b.position) ?? 99);

async function visibleElection(db: Db, id: string, electoralAdmin: boolean) {
  const row = await q.findElection(db, id);
  if (!row || ((!row.is_publicly_visible || row.archived_at) && !electoralAdmin)) throw fail('ELECTION_NOT_FOUND');
  return row;
}

export async function listElections({ db, clock }: ElectionsDeps, electoralAdmin: boolean) {
  const now = clock();
  return (await q.listElections(db, electoralAdmin)).map((r) => toElection(r, now));
}

export async function getElection({ db, clock }: ElectionsDeps, id: string, electoralAdmin: boolean): Promise<ElectionWithCandidates> {
  const row = await visibleElection(db, id, electoralAdmin);
  const candidates = (await q.listCandidates(db, id)).map((c) => toCandidate(c, electoralAdmin)).sort(byPosition);
  return { ...toElection(row, clock()), candidates };
}

export async function listCandidates({ db }: ElectionsDeps, electionId: string, electoralAdmin: boolean) {
  await visibleElection(db, electionId, electoralAdmin);
  return (await q.listCandidates(db, electionId)).map((c) => toCandidate(c, electoralAdmin)).sort(byPosition);
}

export async function createElection({ db, clock }: ElectionsDeps, input: ElectionCreateInput, createdBy: string) {
  const rule = await q.resolveVoterRule(db, { voter_rule: input.voter_rule, session: input.session ?? null });
  if (typeof rule === 'string' || 'sessionNotFound' in rule) throw ruleRefused(rule);
  const row = await q.insertElection(db, {
    ...rule,
    title: input.title,
    description: input.description,
    start_time: new Date(input.start_time),
    end_time: new Date(input.end_time),
    is_active: input.is_active ?? true,
    is_publicly_visible: input.is_publicly_visible ?? true,
    created_by: createdBy,
    created_at: clock(),
  });
  if (row === 'title-taken') throw fail('ELECTION_TITLE_TAKEN');
  await appendElectionRecord(db, row.id, 'created', electionFieldsOf(row), clock());
  return toElection(row, clock());
}

/**
 * Every write here runs after its route brought the election's roll and record up to date with
 * the clock (`settles`, election-record.plugin.ts): voting that started by the clock has opened,
 * so "opened" is the clock's answer too, and a roll froze with the rule it had, so a late edit of
 * who may vote cannot slip in before it.
 *
 * Edits keep the window valid (end after start, on the merged values). Once voting has opened
 * the start no longer moves and the end moves only through Extend Voting and Close Voting Now
 * (election-lifecycle.service.ts), so the record shows it; an archived election is not edited.
 */
export async function updateElection({ db, clock, changed }: ElectionsDeps, id: string, version: number, input: ElectionUpdateInput) {
  const changes: q.ElectionChanges = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined) changes.description = input.description;
  if (input.start_time !== undefined) changes.start_time = new Date(input.start_time);
  if (input.end_time !== undefined) changes.end_time = new Date(input.end_time);
  if (input.is_active !== undefined) changes.is_active = input.is_active;
  if (input.is_publicly_visible !== undefined) changes.is_publicly_visible = input.is_publicly_visible;
  const rule = input.voter_rule !== undefined || input.session !== undefined ? { voter_rule: input.voter_rule, session: input.session } : undefined;
  // A record not begun yet (an election older than the record) starts from the fields before the edit.
  await startElectionRecord(db, id, clock());
  const result = await q.updateElection(db, id, version, changes, rule);
  if (result === 'stale') return null; // lib/edit-version.ts answers 409
  if (result === 'not-found') throw fail('ELECTION_NOT_FOUND');
  if (result === 'bad-window') throw fail('ELECTION_END_BEFORE_START');
  if (result === 'archived') throw fail('ELECTION_ARCHIVED');
  if (result === 'start-locked') throw fail('ELECTION_START_LOCKED');
  if (result === 'end-locked') throw fail('ELECTION_END_LOCKED');
  if (result === 'title-taken') throw fail('ELECTION_TITLE_TAKEN');
  if (typeof result === 'string' || 'sessionNotFound' in result) throw ruleRefused(result);
  // The record keeps the fields that changed, with their new values.
  const before = result.before as Record<string, unknown>;
  const changedFields = Object.fromEntries(
    Object.entries(changes).filter(([k, v]) => (v instanceof Date ? v.getTime() !== (before[k] as Date).getTime() : v !== before[k])),
  );
  if (Object.keys(changedFields).length > 0) await appendElectionRecord(db, id, 'edited', { changes: electionPayload(changedFields) }, clock());
  // Switched off during voting: voting is over, closed in this edit's transaction.
  if (changes.is_active === false) await closeSwitchedOff(db, id, clock());
  changed(id);
  return toElection(result.row, clock());
}

/**
 * Deletes the election with its candidates, before voting has opened. Once it opened (the roll
 * frozen, the record's opening written) its ballots, roll and record are kept: 409, archive it.
 * False when it is at another version (lib/edit-version.ts answers 409).
 */
export async function deleteElection({ db, changed }: ElectionsDeps, id: string, version: number) {
  const result = await q.deleteElection(db, id, version);
  if (result === 'not-found') throw fail('ELECTION_NOT_FOUND');
  if (result === 'opened') throw fail('ELECTION_OPENED_NO_DELETE');
  if (result === 'stale') return false;
  changed(id);
  return true;
}

/** An election as an edit reads it (every election, hidden ones too: electoral admins only). */
export async function findElection({ db, clock }: ElectionsDeps, id: string) {
  const row = await q.findElection(db, id);
  return row ? toElection(row, clock()) : null;
}

/** A candidate as an edit reads it. */
export async function findCandidate({ db }: ElectionsDeps, electionId: string, candidateId: string) {
  const row = await q.findCandidate(db, electionId, candidateId);
  return row ? toCandidate(row, true) : null;
}

/**
 * Publishing makes results public; allowed once voting has started, once. While voting is open
 * these are the live results; once it closed, publishing is Publish Final Results
 * (election-lifecycle.service.ts): the committee's word that the count is final.
 */
export async function publishResults(deps: ElectionsDeps, id: string) {
  const { db, clock, changed } = deps;
  const current = await q.findElection(db, id);
  if (current?.voting_closed_at) return publishFinalResults(deps, id);
  if (current?.archived_at) throw fail('ELECTION_ARCHIVED');
  const result = await q.publishResults(db, id, clock());
  if (result === 'not-found') throw fail('ELECTION_NOT_FOUND');
  if (result === 'already') throw fail('ELECTION_RESULTS_ALREADY_PUBLISHED');
  if (result === 'not-started') throw fail('ELECTION_RESULTS_BEFORE_START');
  await appendElectionRecord(db, id, 'results_published', { final: false }, clock());
  changed(id);
  return toElection(result, clock());
}

/** Adds an existing member as a candidate, before voting opens; one candidacy per member per election. */
export async function addCandidate({ db, clock, changed }: ElectionsDeps, electionId: string, input: CandidateCreateInput): Promise<Candidate> {
  if (!(await q.findElection(db, electionId))) throw fail('ELECTION_NOT_FOUND');
  const member = await q.findMember(db, input.user_id);
  if (!member) throw fail('CANDIDATE_MEMBER_NOT_FOUND');
  const row = await q.insertCandidate(db, {
    election_id: electionId,
    user_id: member.id,
    position: input.position,
    manifesto: input.manifesto,
    candidate_image_url: input.candidate_image_url,
  });
  if (row === 'opened') throw fail('ELECTION_CANDIDATES_LOCKED');
  if (row === 'archived') throw fail('ELECTION_ARCHIVED');
  if (!row) {
    const existing = await q.findCandidacy(db, electionId, member.id);
    throw fail('CANDIDATE_ALREADY_STANDING', member.name, existing?.position ?? input.position);
  }
  await appendElectionRecord(db, electionId, 'candidate_added', { candidate_id: row.id, candidate_name: member.name, position: input.position }, clock());
  changed(electionId);
  return toCandidate(
    { ...member, id: row.id, election_id: electionId, user_id: member.id, position: input.position, manifesto: input.manifesto, candidate_image_url: input.candidate_image_url, version: 1 },
    true,
  );
}

/** Edits position, manifesto or image; a candidate with votes cannot change position (409). */
export async function updateCandidate({ db, clock, changed }: ElectionsDeps, electionId: string, candidateId: string, version: number, input: CandidateUpdateInput): Promise<Candidate | null> {
  const changes: q.CandidateChanges = {};
  if (input.position !== undefined) changes.position = input.position;
  if (input.manifesto !== undefined) changes.manifesto = input.manifesto;
  if (input.candidate_image_url !== undefined) changes.candidate_image_url = input.candidate_image_url;
  const before = await q.findCandidate(db, electionId, candidateId);
  const updated = Object.keys(changes).length > 0 ? await q.updateCandidate(db, electionId, candidateId, version, changes) : true;
  if (updated === 'opened') throw fail('ELECTION_CANDIDATES_LOCKED');
  if (updated === 'archived') throw fail('ELECTION_ARCHIVED');
  if (!updated) {
    const now = await q.findCandidate(db, electionId, candidateId);
    if (now && now.version !== version) return null; // saved by someone else meanwhile: lib/edit-version.ts answers 409
    if (now) throw fail('CANDIDATE_HAS_VOTES');
  }
  const row = await q.findCandidate(db, electionId, candidateId);
  if (!row) throw fail('CANDIDATE_NOT_FOUND');
  const edited = Object.fromEntries(Object.entries(changes).filter(([k, v]) => v !== (before as Record<string, unknown> | null)?.[k]));
  if (Object.keys(edited).length > 0) {
    await appendElectionRecord(db, electionId, 'candidate_edited', { candidate_id: candidateId, candidate_name: row.name, changes: edited as Record<string, string | null> }, clock());
  }
  changed(electionId);
  return toCandidate(row, true);
}

/** Removes a candidate before voting opens (409 after) who has no votes (409 with votes: votes are final). */
export async function removeCandidate({ db, clock, changed }: ElectionsDeps, electionId: string, candidateId: string, version: number) {
  const before = await q.findCandidate(db, electionId, candidateId);
  const removed = await q.deleteCandidate(db, electionId, candidateId, version);
  if (removed === 'opened') throw fail('ELECTION_CANDIDATES_LOCKED');
  if (removed === 'archived') throw fail('ELECTION_ARCHIVED');
  if (!removed) {
    const now = await q.findCandidate(db, electionId, candidateId);
    if (now && now.version !== version) return false; // saved by someone else meanwhile: lib/edit-version.ts answers 409
    if (now) throw fail('CANDIDATE_HAS_VOTES');
    throw fail('CANDIDATE_NOT_FOUND');
  }
  await appendElectionRecord(db, electionId, 'candidate_removed', { candidate_id: candidateId, candidate_name: before?.name ?? '', position: before?.position ?? '' }, clock());
  changed(electionId);
  return true;
}
