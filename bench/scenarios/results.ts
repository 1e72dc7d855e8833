import { atLeast, atMost, cpuNote, figure, NotAvailable, type Context, type Scenario } from '../lib/context.ts';
import { runLoad, startLoad } from '../lib/load.ts';
import { checkTallies } from '../lib/seed.ts';
import fs from 'node:fs';
import path from 'node:path';
import { WORK } from '../lib/server.ts';
import { withBareFastify } from './baselines.ts';
import { VOTE_ELECTIONS, voteJob, voteRouteAvailable } from './vote.ts';

/** Connections of the results readers while the vote load (50 connections) runs. */
export const READERS_DURING_VOTES = 20;

export async function resultsRouteAvailable(ctx: Context, electionNo: number): Promise<string> {
  const election = ctx.seeded.elections.get(electionNo)!;
  const path = `/api/voting/elections/${election.id}/results`;
  const res = await fetch(`${ctx.app.origin}${path}`);
  const body = await res.text();
  if (res.status === 404) throw new NotAvailable(`GET /api/voting/elections/{id}/results answers 404 (${body.slice(0, 120)})`);
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${body.slice(0, 300)}`);
  return path;
}

/** One answer of the app, saved as {headers, body} for bare-fastify.ts to replay. */
async function captureAnswer(origin: string, routePath: string): Promise<string> {
  const res = await fetch(`${origin}${routePath}`);
  const skip = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);
  const headers = Object.fromEntries([...res.headers].filter(([name]) => !skip.has(name)));
  const file = path.join(WORK, 'results-replica.json');
  fs.writeFileSync(file, JSON.stringify({ headers, body: await res.text() }));
  return file;
}

export const results: Scenario = {
  name: 'results',
  title: 'Results read: GET /api/voting/elections/{id}/results, alone and during the vote load',
  async run(ctx) {
    const alonePath = await resultsRouteAvailable(ctx, VOTE_ELECTIONS.alone);
    const base = ctx.baselines.bareFastify;
    const bareline = base ? { label: 'bare Fastify JSON GET', value: base.okPerSec, unit: 'req/s' } : undefined;
    const alone = await runLoad({ label: 'results alone', mode: 'get', visitors: true, origin: ctx.app.origin, paths: [alonePath], connections: 50, durationSec: ctx.seconds, warmupSec: ctx.warmup });
    const figures = [
      figure({ id: 'results.alone', label: 'Results reads per second, alone (50 connections)', value: alone.okPerSec, unit: 'req/s', baseline: bareline, target: atLeast(alone.okPerSec, 20_000, '>= 20,000 req/s'), note: cpuNote(alone) }),
      figure({ id: 'results.alone.p99', label: 'Results read p99, alone', value: alone.latencyMs.p99, unit: 'ms', baseline: base ? { label: 'bare Fastify p99', value: base.latencyMs.p99, unit: 'ms' } : undefined }),
    ];
    const details: Record<string, unknown> = { alone };

    // A second baseline: bare Fastify answering the very bytes the app answers (same body, same
    // security and cache headers). Against the 30-byte bare route the app also pays for a bigger
    // answer, which costs the load generator on these two cores as much as the server.
    const replica = await captureAnswer(ctx.app.origin, alonePath);
    const same = await withBareFastify(replica, (origin) =>
      runLoad({ label: 'bare fastify, results replica', mode: 'get', visitors: true, origin, paths: ['/json'], connections: 50, durationSec: ctx.seconds, warmupSec: ctx.warmup }),
    );
    figures.push(
      figure({ id: 'results.replica', label: 'Bare Fastify answering the same bytes (results body and headers), 50 connections', value: same.okPerSec, unit: 'req/s', baseline: { label: 'bare Fastify JSON GET', value: base?.okPerSec ?? null, unit: 'req/s' }, note: cpuNote(same) }),
      figure({ id: 'results.alone.vsReplica', label: 'Results reads per second against the same bytes from bare Fastify', value: alone.okPerSec, unit: 'req/s', baseline: { label: 'bare Fastify, same bytes', value: same.okPerSec, unit: 'req/s' } }),
    );
    details.replica = same;

    // During the vote load: votes on another election (50 connections) and reads of its results.
    let voteAvailable = true;
    try {
      await voteRouteAvailable(ctx);
    } catch (err) {
      if (!(err instanceof NotAvailable)) throw err;
      voteAvailable = false;
      details.duringVotes = `not available yet: ${err.message}`;
    }
    if (voteAvailable) {
      const election = ctx.seeded.elections.get(VOTE_ELECTIONS.withReads)!;
      const readPath = await resultsRouteAvailable(ctx, VOTE_ELECTIONS.withReads);
      const voting = startLoad(voteJob(ctx, VOTE_ELECTIONS.withReads, 'votes under reads'));
      const reading = startLoad({ label: 'results during votes', mode: 'get', visitors: true, origin: ctx.app.origin, paths: [readPath], connections: READERS_DURING_VOTES, durationSec: ctx.seconds, warmupSec: 0 });
      const [v, r] = await Promise.all([voting.result, reading.result]);
      const tally = await checkTallies(ctx.pool, [election.id]);
      figures.push(
        figure({ id: 'results.duringVotes', label: `Results reads per second during the vote load (${READERS_DURING_VOTES} connections)`, value: r.okPerSec, unit: 'req/s', baseline: { label: 'results alone', value: alone.okPerSec, unit: 'req/s' } }),
        figure({ id: 'results.duringVotes.p99', label: 'Results read p99 during the vote load', value: r.latencyMs.p99, unit: 'ms', baseline: { label: 'results alone p99', value: alone.latencyMs.p99, unit: 'ms' } }),
        figure({ id: 'results.votesUnderReads', label: 'Votes per second while results are read', value: v.okPerSec, unit: 'votes/s', baseline: ctx.baselines.pgbench ? { label: 'pgbench vote tx (simple)', value: ctx.baselines.pgbench.simple.tps, unit: 'tps' } : undefined }),
        figure({ id: 'results.votesUnderReads.p99', label: 'Vote p99 while results are read', value: v.latencyMs.p99, unit: 'ms', target: atMost(v.latencyMs.p99, 50, '< 50 ms') }),
        figure({ id: 'results.tally', label: 'Tallies equal counted votes (election under reads)', value: tally.mismatchedCandidates, unit: 'mismatched candidates', target: { text: '0', met: tally.equal && tally.votes >= v.ok2xx }, note: `${tally.votes} votes stored, ${v.ok2xx} acknowledged` }),
      );
      Object.assign(details, { duringVotes: { votes: v, reads: r, tally } });
    }
    return { figures, details };
  },
};
