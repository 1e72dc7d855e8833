import { BOARD_FORMAT, boardCsvText, boardJsonText, csvCell, RECORD_FORMAT, recordJsonText, sha256Hex, type BoardFile } from '@aesa/shared/election-record';
import type { RollSummary } from '@aesa/shared/schemas/election-record';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import * as q from './election-record.queries.ts';

export interface RecordDeps {
  db: Db;
}

/**
 * The election, its roll and record brought up to date by the route (`settles`); a hidden one exists only for
 * electoral admins, and so does an archived one, except for its board and record files
 * (`keepArchived`): evidence stays downloadable by whoever could download it before (decision 056).
 */
async function settledElection({ db }: RecordDeps, electionId: string, electoralAdmin: boolean, keepArchived = false) {
  const e = await q.findElectionState(db, electionId);
  if (!e || ((!e.is_publicly_visible || (e.archived_at !== null && !keepArchived)) && !electoralAdmin)) throw fail('ELECTION_NOT_FOUND');
  return e;
}

/**
 * The board and the record are public once the FINAL results are: voting closed, and the
 * committee published the final results (its own step after the close, decision 056).
 */
const boardPublished = (e: q.ElectionState) => e.final_results_published_at !== null && e.voting_closed_at !== null;

export async function rollSummary(deps: RecordDeps, electionId: string, memberId: string | null, electoralAdmin: boolean): Promise<RollSummary> {
  const e = await settledElection(deps, electionId, electoralAdmin);
  const frozen = e.roll_frozen_at !== null;
  const heads = await q.headsAt(deps.db, electionId);
  return {
    frozen_at: e.roll_frozen_at ? e.roll_frozen_at.toISOString() : null,
    size: e.roll_size,
    fingerprint: e.roll_fingerprint,
    // Secret while voting runs: with it, a guessed roll could be tested against the fingerprint.
    salt: e.voting_closed_at ? e.roll_salt : null,
    on_roll: frozen && memberId ? await q.isOnRoll(deps.db, electionId, memberId) : null,
    opened_hash: heads.opened,
    closed_hash: heads.closed,
    board_published: boardPublished(e),
  };
}

/**
 * Column names a spreadsheet can sort and filter by. `voted` is yes when the member took part for
 * at least one position; what they chose is never stored with the voter, and the screen offering
 * the download says so.
 */
export const ROLL_CSV_HEADER = ['name', 'matric_number', 'voted'];

/** The roll for electoral admins: name, matric number, and whether the member took part. Never a choice. */
export async function rollCsv(deps: RecordDeps, electionId: string): Promise<string> {
  const e = await settledElection(deps, electionId, true);
  if (!e.roll_frozen_at) throw fail('ELECTION_ROLL_NOT_FROZEN');
  const rows = await q.rollWithParticipation(deps.db, electionId);
  const lines = [ROLL_CSV_HEADER.map(csvCell).join(','), ...rows.map((r) => [r.name, r.matric_number ?? '', r.voted ? 'yes' : 'no'].map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

export interface PublicFile {
  text: string;
  sha256: string;
}

export type PublicFileName = 'board.json' | 'board.csv' | 'record.json';

/** One of the public files (the board as JSON or CSV, the record), once the final results are published (403 before). */
export async function publicFile(deps: RecordDeps, electionId: string, name: PublicFileName, electoralAdmin: boolean): Promise<PublicFile> {
  const e = await settledElection(deps, electionId, electoralAdmin, true);
  if (!boardPublished(e)) throw fail('ELECTION_BOARD_NOT_PUBLISHED');
  let text: string;
  if (name === 'record.json') {
    text = recordJsonText({ format: RECORD_FORMAT, election_id: e.id, entries: await q.readEntries(deps.db, electionId) });
  } else {
    const board: BoardFile = { format: BOARD_FORMAT, election_id: e.id, title: e.title, ballots: await q.boardBallots(deps.db, electionId) };
    text = name === 'board.json' ? boardJsonText(board) : boardCsvText(board);
  }
  return { text, sha256: await sha256Hex(text) };
}
