import { POSITIONS } from '@aesa/shared/constants';
import { electionStatus } from '@aesa/shared/elections';
import { positionOutcome } from '@aesa/shared/results';
import type { WinnerPosition } from '@aesa/shared/schemas/election-winners';
import { WINNERS_MSG } from '@aesa/shared/election-winners';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/tx.ts';
import { fail } from '../../lib/app-error.ts';
import * as execs from '../executives-admin/executives-admin.queries.ts';
import { currentExecutives } from '../executives/executives.service.ts';
import * as q from './election-winners.queries.ts';

type Election = NonNullable<Awaited<ReturnType<typeof q.findElection>>>;
type Tally = Awaited<ReturnType<typeof q.tallies>>[number];

const rank = (p: string) => {
  const i = (POSITIONS as readonly string[]).indexOf(p);
  return i === -1 ? POSITIONS.length : i;
};

/**
 * Final results: voting has ended and the committee published the final results (its own step
 * after the close, decision 056). Live results are not final.
 */
const isFinal = (e: Election, now: Date) => e.final_results_published_at !== null && electionStatus(e.start_time, e.end_time, now) === 'ended';

const asCandidate = (t: Tally) => ({ candidate_id: t.candidate_id, user_id: t.user_id, name: t.name, votes: t.votes });

/**
 * What installing does, position by position (the positions that have candidates, in ballot
 * order): the one candidate ahead wins and takes the office; a tie (several share the most votes)
 * and a position nobody voted for are listed and left alone, as the rules call a re-election. For
 * a winner, `ending` lists whose term ends: the office's current holders and the winner's own
 * other office (one office per member), read at `now`.
 */
async function plan(db: Executor, electionId: string, now: Date): Promise<WinnerPosition[]> {
  const rows = await q.tallies(db, electionId);
  const byPosition = new Map<string, Tally[]>();
  for (const r of rows) byPosition.set(r.position, [...(byPosition.get(r.position) ?? []), r]);
  const positions = [...byPosition.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const out: WinnerPosition[] = [];
  for (const position of positions) {
    const outcome = positionOutcome(byPosition.get(position)!.map((t) => ({ ...t, candidate_name: t.name })));
    if (outcome.kind === 'winner') {
      const winner = outcome.winner;
      const holders = await execs.holdersOf(db, position, now);
      const own = (await execs.heldByUser(db, winner.user_id, now)).filter((h) => h.position !== position);
      const ending = [
        ...holders.map((h) => ({ user_id: h.user_id, name: h.name, position })),
        ...own.map((h) => ({ user_id: winner.user_id, name: winner.name, position: h.position })),
      ];
      out.push({ position, outcome: 'winner', winner: asCandidate(winner), tied: [], ending });
    } else if (outcome.kind === 'tie') {
      out.push({ position, outcome: 'tie', winner: null, tied: outcome.tied.map(asCandidate), ending: [] });
    } else {
      out.push({ position, outcome: 'no-votes', winner: null, tied: [], ending: [] });
    }
  }
  return out;
}

async function election(db: Executor, id: string, lock = false) {
  const row = await q.findElection(db, id, lock);
  if (!row) throw fail('ELECTION_NOT_FOUND');
  return row;
}

/** What the confirmation shows: the state of the election and what installing would do. */
export async function previewWinners(db: Db, id: string, now: Date) {
  const row = await election(db, id);
  const state = row.winners_installed_at ? ('installed' as const) : isFinal(row, now) ? ('ready' as const) : ('not-final' as const);
  return {
    election_id: id,
    state,
    installed_at: row.winners_installed_at,
    installed_year: row.winners_installed_year,
    // Before the final results, nothing is shown: the tallies are not final (and not public).
    positions: state === 'not-final' ? [] : await plan(db, id, now),
  };
}

/**
 * Installs the winners as the executives for `year`, in the caller's transaction (the request's,
 * with its audit entry): the election row is locked, so a second install waits and is then
 * refused; the executive assignment lock keeps a Data screen assignment from interleaving. Each
 * winner's office handover is the Data screen's: the holders' terms end now (end_date = now,
 * is_current = false) and the winner's new record is current. Once per election: any later
 * correction is an ordinary assignment on the Data screen.
 */
export async function installWinners(db: Db, id: string, year: string, now: Date) {
  const row = await election(db, id, true);
  if (row.winners_installed_at) throw fail('ELECTION_WINNERS_ALREADY_INSTALLED', row.winners_installed_year ?? '');
  if (!isFinal(row, now)) throw fail('ELECTION_WINNERS_NOT_FINAL');
  await execs.lockAssignments(db);
  const positions = await plan(db, id, now);
  const winners = positions.filter((p) => p.outcome === 'winner');
  if (winners.length === 0) throw fail('ELECTION_WINNERS_NONE');
  // First every term that ends (a winner may leave an office another winner takes), then the new holders.
  for (const p of winners) {
    for (const h of await execs.holdersOf(db, p.position, now)) await execs.endTerm(db, h.id, now);
    for (const h of await execs.heldByUser(db, p.winner!.user_id, now)) await execs.endTerm(db, h.id, now);
  }
  for (const p of winners) {
    await execs.insertExecutive(db, { user_id: p.winner!.user_id, position: p.position, year, is_current: true, created_at: now });
  }
  await q.markInstalled(db, id, now, year);
  return {
    message: WINNERS_MSG.installed(winners.length, year),
    election_id: id,
    year,
    positions,
    executives: await currentExecutives(db, now),
  };
}
