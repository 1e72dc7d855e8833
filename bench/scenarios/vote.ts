import { POSITIONS } from '@aesa/shared/constants';
import type { LoadJob, VoteJob } from '../children/http-load.ts';
import { atMost, cpuNote, figure, NotAvailable, type Context, type Scenario } from '../lib/context.ts';
import { runLoad } from '../lib/load.ts';
import { checkTallies } from '../lib/seed.ts';

/** Elections of the app's vote loads: alone, under results reads, under live results. */
export const VOTE_ELECTIONS = { alone: 1, withReads: 2, withLive: 3 } as const;

/**
 * Is POST /api/voting/elections/{id}/vote in this build? A body that cannot be a vote gets 400
 * from the route; without the route the answer is 404.
 */
export async function voteRouteAvailable(ctx: Context): Promise<void> {
  const election = ctx.seeded.elections.get(VOTE_ELECTIONS.alone)!;
  const res = await fetch(`${ctx.app.origin}/api/voting/elections/${election.id}/vote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.seeded.tokens.at(-1)}` },
    body: '{}',
  });
  const body = await res.text();
  if (res.status === 404) throw new NotAvailable(`POST /api/voting/elections/{id}/vote answers 404 (${body.slice(0, 120)})`);
}

export function voteJob(ctx: Context, electionNo: number, label: string, stamps = false): LoadJob {
  const election = ctx.seeded.elections.get(electionNo)!;
  const job: VoteJob & { label: string; origin: string; connections: number; durationSec: number; warmupSec: number } = {
    label,
    mode: 'vote',
    origin: ctx.app.origin,
    connections: 50,
    durationSec: ctx.seconds,
    warmupSec: 0,
    electionId: election.id,
    tokens: ctx.seeded.tokens,
    positions: [...POSITIONS],
    candidates: election.candidates,
    stamps,
  };
  return job;
}

export const vote: Scenario = {
  name: 'vote',
  title: 'Vote path: POST /api/voting/elections/{id}/vote, 50 connections, a distinct (voter, position) per request',
  async run(ctx) {
    await voteRouteAvailable(ctx);
    const election = ctx.seeded.elections.get(VOTE_ELECTIONS.alone)!;
    const r = await runLoad(voteJob(ctx, VOTE_ELECTIONS.alone, 'votes'));
    const tally = await checkTallies(ctx.pool, [election.id]);
    const memory = ctx.snapshotMemory('after vote load');
    const pg = ctx.baselines.pgbench;
    const simple = pg ? { label: 'pgbench vote tx (simple)', value: pg.simple.tps, unit: 'tps' } : undefined;
    const prepared = pg ? { label: 'pgbench vote tx (prepared)', value: pg.prepared.tps, unit: 'tps' } : undefined;
    const minimal = pg?.minimal.tps ? { label: 'pgbench minimal vote tx (insert, raise tally)', value: pg.minimal.tps, unit: 'tps' } : undefined;
    const ratio = pg?.minimal.tps ? r.okPerSec / pg.minimal.tps : null;
    return {
      figures: [
        figure({ id: 'vote.rate', label: 'Votes per second (2xx) vs the minimal vote transaction', value: r.okPerSec, unit: 'votes/s', baseline: minimal, target: { text: '>= 30% of pgbench minimal', met: ratio === null ? null : ratio >= 0.3 }, note: cpuNote(r) }),
        figure({ id: 'vote.rate.vsSame', label: 'Votes per second vs the same transaction in pgbench', value: r.okPerSec, unit: 'votes/s', baseline: simple }),
        figure({ id: 'vote.rate.vsPrepared', label: 'Votes per second vs prepared pgbench', value: r.okPerSec, unit: 'votes/s', baseline: prepared }),
        figure({ id: 'vote.p50', label: 'Vote latency p50', value: r.latencyMs.p50, unit: 'ms', baseline: pg ? { label: 'pgbench p50 (simple)', value: pg.simple.latencyMs.p50, unit: 'ms' } : undefined }),
        figure({
          id: 'vote.p99',
          label: 'Vote latency p99',
          value: r.latencyMs.p99,
          unit: 'ms',
          baseline: pg ? { label: 'pgbench minimal vote p99', value: pg.minimal.latencyMs.p99, unit: 'ms' } : undefined,
          target: atMost(r.latencyMs.p99, 50, '< 50 ms'),
        }),
        figure({
          id: 'vote.tally',
          label: 'Tallies equal counted votes (candidates.vote_count vs ballots; ballots vs participations)',
          value: tally.mismatchedCandidates,
          unit: 'mismatched candidates',
          target: { text: '0 mismatched; votes stored = 2xx', met: tally.equal && tally.votes >= r.ok2xx },
          note: `${tally.votes} ballots stored, ${tally.participations} participations, tally sum ${tally.tallySum}, ${r.ok2xx} acknowledged (2xx), ${r.requests - r.ok2xx} not 2xx`,
        }),
        figure({ id: 'vote.non2xx', label: 'Vote responses that were not 2xx', value: r.requests - r.ok2xx, unit: 'responses', target: atMost(r.requests - r.ok2xx, 0, '0') }),
      ],
      details: { load: r, tally, memoryAfterVotes: memory, ratioToMinimal: ratio, ratioToPgbench: pg?.simple.tps ? r.okPerSec / pg.simple.tps : null, ratioToPrepared: pg?.prepared.tps ? r.okPerSec / pg.prepared.tps : null },
    };
  },
};
