import { POSITIONS } from '@aesa/shared/constants';
import { electionStatus, type PositionResult } from '@aesa/shared/elections';
import { fail } from '../../lib/app-error.ts';
import type { ElectionMeta, TallyRow } from './results.queries.ts';

const POSITION_ORDER = new Map<string, number>(POSITIONS.map((p, i) => [p, i]));

/**
 * Tallies grouped by position, in the voting order of POSITIONS (any other position, which the
 * API never creates, comes after them by name). Only positions with candidates appear. Rows come
 * from the query already ordered by votes, then name.
 */
export function groupResults(rows: TallyRow[]): PositionResult[] {
  const byPosition = new Map<string, PositionResult>();
  for (const r of rows) {
    let group = byPosition.get(r.position);
    if (!group) byPosition.set(r.position, (group = { position: r.position, candidates: [] }));
    group.candidates.push({ candidate_id: r.candidate_id, candidate_name: r.candidate_name, votes: r.votes });
  }
  const rank = (p: string) => POSITION_ORDER.get(p) ?? POSITIONS.length;
  return [...byPosition.values()].sort((a, b) => rank(a.position) - rank(b.position) || a.position.localeCompare(b.position));
}

/** Who may read an election at all: a hidden one exists only for electoral admins. */
export function canSeeElection(meta: ElectionMeta, electoralAdmin: boolean): boolean {
  return electoralAdmin || meta.is_publicly_visible;
}

/** Results: everyone once published; electoral admins (super passes) always. */
export function canSeeResults(meta: ElectionMeta, electoralAdmin: boolean): boolean {
  return electoralAdmin || (meta.is_publicly_visible && meta.results_published);
}

/** Throws the HTTP answer for a reader who may not see these results. */
export function assertResultsVisible(meta: ElectionMeta | null, electoralAdmin: boolean): asserts meta is ElectionMeta {
  if (!meta || !canSeeElection(meta, electoralAdmin)) throw fail('ELECTION_NOT_FOUND');
  if (!canSeeResults(meta, electoralAdmin)) throw fail('ELECTION_RESULTS_NOT_PUBLISHED');
}

/**
 * Whether public viewers get batches instead of the live tallies: published results of an
 * election whose voting is open (by the clock). Before publication they get nothing, after the
 * end the final counts; electoral admins always get the live tallies.
 */
export function isBatched(meta: ElectionMeta, now: Date): boolean {
  return meta.results_published && electionStatus(meta.start_time, meta.end_time, now) === 'active';
}
