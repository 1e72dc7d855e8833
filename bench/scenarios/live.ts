import fs from 'node:fs';
import path from 'node:path';
import type { WsJob, WsReady, WsResult } from '../children/ws-clients.ts';
import { freePort } from '../../apps/server/src/db/embedded.ts';
import { atMost, figure, NotAvailable, type Scenario } from '../lib/context.ts';
import { startLoad } from '../lib/load.ts';
import { nodeTs, sleep, start, stop, type Tracked } from '../lib/proc.ts';
import { checkTallies } from '../lib/seed.ts';
import { ROOT, WORK } from '../lib/server.ts';
import { round2 } from '../lib/stats.ts';
import { resultsRouteAvailable } from './results.ts';
import { VOTE_ELECTIONS, voteJob, voteRouteAvailable } from './vote.ts';

export const WS_CLIENTS = 2000;
export const WS_PROCESSES = 2;
/** After the last vote, how long clients may still receive the update that carries it. */
const GRACE_MS = 2000;

/** 2,000 WebSocket clients spread over two processes, all joined to one room. */
class Fleet {
  private procs: Array<{ proc: Tracked; out: string }> = [];

  async open(origin: string, electionId: string): Promise<WsReady> {
    const per = Math.ceil(WS_CLIENTS / WS_PROCESSES);
    const readies: Promise<WsReady>[] = [];
    for (let i = 0; i < WS_PROCESSES; i++) {
      const jobFile = path.join(WORK, `ws-${i}.json`);
      const out = path.join(WORK, `ws-${i}.out.json`);
      fs.rmSync(out, { force: true });
      const job: WsJob = { origin, electionId, count: per, concurrency: 100, connectTimeoutMs: 15_000 };
      fs.writeFileSync(jobFile, JSON.stringify(job));
      const [cmd, args] = nodeTs(path.join(ROOT, 'bench/children/ws-clients.ts'), [jobFile, out]);
      const proc = start(cmd, args, { name: `ws clients ${i}`, cwd: ROOT, ipc: true });
      this.procs.push({ proc, out });
      readies.push(
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`ws clients ${i} not ready in 60 s:\n${proc.output()}`)), 60_000);
          proc.child.once('message', (m) => {
            clearTimeout(timer);
            resolve(m as WsReady);
          });
          void proc.exited.then((code) => reject(new Error(`ws clients ${i} exited (${code}):\n${proc.output()}`)));
        }),
      );
    }
    const all = await Promise.all(readies);
    return {
      type: 'ready',
      joined: all.reduce((a, r) => a + r.joined, 0),
      failed: all.reduce((a, r) => a + r.failed, 0),
      firstError: all.find((r) => r.firstError)?.firstError,
      connectMs: Math.max(...all.map((r) => r.connectMs)),
    };
  }

  record() {
    for (const p of this.procs) p.proc.child.send({ type: 'record' });
  }

  async collect(): Promise<WsResult> {
    for (const p of this.procs) p.proc.child.send({ type: 'stop' });
    const merged: WsResult = { updates: [], events: {}, closedEarly: 0 };
    for (const p of this.procs) {
      await Promise.race([p.proc.exited, sleep(30_000)]);
      if (!fs.existsSync(p.out)) throw new Error(`ws clients wrote no result:\n${p.proc.output()}`);
      const r = JSON.parse(fs.readFileSync(p.out, 'utf8')) as WsResult;
      merged.updates.push(...r.updates.filter(Boolean));
      for (const [k, v] of Object.entries(r.events)) merged.events[k] = (merged.events[k] ?? 0) + v;
      merged.closedEarly += r.closedEarly;
      merged.firstUpdateSample ??= r.firstUpdateSample;
      fs.rmSync(p.out, { force: true });
    }
    return merged;
  }

  async close() {
    for (const p of this.procs) await stop(p.proc, 'SIGTERM', 5000);
    this.procs = [];
  }
}

export interface Delivery {
  /** Time from each stamp (vote 2xx / broadcast) to the client's next vote-update, in ms, over every (stamp, client). */
  delayMs: { n: number; p50: number | null; p99: number | null; max: number | null };
  /** (stamp, client) pairs with no later update within the grace time. */
  unmatched: number;
  clients: number;
  clientsWithoutUpdates: number;
  /** vote-update messages per client per second over the flow. */
  perClientPerSec: { mean: number | null; min: number | null; max: number | null };
  /** Most updates one client got within any 1 s window. */
  maxInOneSecond: number;
}

/**
 * Matches every stamp (a vote's 2xx, or a baseline broadcast) to the next vote-update each
 * client received at or after it. Delays go into a 0.1 ms histogram (60M pairs fit that).
 */
export function matchDeliveries(stampsIn: number[], clients: number[][]): Delivery {
  const stamps = Float64Array.from(stampsIn).sort();
  const BUCKET = 0.1;
  const hist = new Uint32Array(600_000); // up to 60 s
  let n = 0;
  let unmatched = 0;
  let max = 0;
  let without = 0;
  const rates: number[] = [];
  let maxInOneSecond = 0;
  const first = stamps[0] ?? 0;
  const last = stamps[stamps.length - 1] ?? 0;
  const flowSec = Math.max(0.001, (last - first) / 1000);
  for (const updatesIn of clients) {
    const u = Float64Array.from(updatesIn).sort();
    if (u.length === 0) without++;
    let j = 0;
    for (const s of stamps) {
      while (j < u.length && u[j]! < s) j++;
      if (j >= u.length) {
        unmatched++;
        continue;
      }
      const d = u[j]! - s;
      hist[Math.min(hist.length - 1, Math.floor(d / BUCKET))]!++;
      n++;
      if (d > max) max = d;
    }
    let inFlow = 0;
    let lo = 0;
    for (let k = 0; k < u.length; k++) {
      if (u[k]! >= first && u[k]! <= last + 250) inFlow++;
      while (u[k]! - u[lo]! > 1000) lo++;
      maxInOneSecond = Math.max(maxInOneSecond, k - lo + 1);
    }
    rates.push(inFlow / flowSec);
  }
  const pct = (p: number) => {
    if (n === 0) return null;
    const rank = Math.ceil((p / 100) * n);
    let acc = 0;
    for (let i = 0; i < hist.length; i++) {
      acc += hist[i]!;
      if (acc >= rank) return round2((i + 1) * BUCKET);
    }
    return null;
  };
  return {
    delayMs: { n, p50: pct(50), p99: pct(99), max: round2(max) },
    unmatched,
    clients: clients.length,
    clientsWithoutUpdates: without,
    perClientPerSec: {
      mean: rates.length ? round2(rates.reduce((a, b) => a + b, 0) / rates.length) : null,
      min: rates.length ? round2(Math.min(...rates)) : null,
      max: rates.length ? round2(Math.max(...rates)) : null,
    },
    maxInOneSecond,
  };
}

/** The same fleet against a bare `ws` broadcaster: fan-out cost on this machine, no app, no votes. */
async function bareBroadcast(seconds: number): Promise<{ delivery: Delivery; ready: WsReady }> {
  const port = await freePort();
  const [cmd, args] = nodeTs(path.join(ROOT, 'bench/children/bare-ws.ts'), [String(port)]);
  const server = start(cmd, args, { name: 'bare ws', cwd: ROOT, ipc: true });
  const fleet = new Fleet();
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('bare ws did not start')), 20_000);
      server.child.once('message', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    const origin = `http://127.0.0.1:${port}`;
    const ready = await fleet.open(origin, 'baseline');
    fleet.record();
    const stamps = await new Promise<number[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('bare ws broadcast did not finish')), (seconds + 30) * 1000);
      server.child.on('message', (m: { type: string; stamps?: number[] }) => {
        if (m.type !== 'done') return;
        clearTimeout(timer);
        resolve(m.stamps!);
      });
      server.child.send({ type: 'run', intervalMs: 250, durationMs: seconds * 1000 });
    });
    await sleep(GRACE_MS);
    const r = await fleet.collect();
    return { delivery: matchDeliveries(stamps, r.updates), ready };
  } finally {
    await fleet.close();
    await stop(server, 'SIGTERM', 5000);
  }
}

let bareRun: { delivery: Delivery; ready: WsReady } | undefined;

export const live: Scenario = {
  name: 'live',
  title: 'Live results: 2,000 WebSocket clients (2 processes) in one election room while votes flow',
  async run(ctx) {
    await voteRouteAvailable(ctx);
    await resultsRouteAvailable(ctx, VOTE_ELECTIONS.withLive);
    const election = ctx.seeded.elections.get(VOTE_ELECTIONS.withLive)!;

    const fleet = new Fleet();
    let appRun: { delivery: Delivery; ready: WsReady; votes: Awaited<ReturnType<typeof startLoad>['result']>; events: Record<string, number>; closedEarly: number; sample?: string };
    try {
      const ready = await fleet.open(ctx.app.origin, election.id);
      if (ready.joined === 0 && /\b404\b/.test(ready.firstError ?? '')) throw new NotAvailable(`/ws: ${ready.firstError}`);
      if (ready.joined === 0) throw new Error(`no WebSocket client could join: ${ready.firstError}`);
      fleet.record();
      const votes = await startLoad(voteJob(ctx, VOTE_ELECTIONS.withLive, 'votes under live results', true)).result;
      await sleep(GRACE_MS);
      const r = await fleet.collect();
      appRun = { delivery: matchDeliveries(votes.stamps ?? [], r.updates), ready, votes: { ...votes, stamps: undefined }, events: r.events, closedEarly: r.closedEarly, sample: r.firstUpdateSample };
    } finally {
      await fleet.close();
    }
    const tally = await checkTallies(ctx.pool, [election.id]);
    // The fan-out floor of the machine: once per run (the external run reuses it).
    bareRun ??= await bareBroadcast(Math.min(ctx.seconds, 5));
    const bare = bareRun;
    const d = appRun.delivery;
    const bareDelay = bare.delivery.delayMs;
    return {
      figures: [
        figure({ id: 'live.joined', label: 'WebSocket clients joined', value: appRun.ready.joined, unit: 'clients', target: { text: `${WS_CLIENTS}`, met: appRun.ready.joined === WS_CLIENTS } }),
        figure({ id: 'live.p50', label: 'Vote 2xx -> next vote-update at each client, p50', value: d.delayMs.p50, unit: 'ms', baseline: { label: 'bare ws broadcast -> receipt p50', value: bareDelay.p50, unit: 'ms' } }),
        figure({ id: 'live.p99', label: 'Vote 2xx -> next vote-update at each client, p99', value: d.delayMs.p99, unit: 'ms', baseline: { label: 'bare ws broadcast -> receipt p99', value: bareDelay.p99, unit: 'ms' }, target: atMost(d.delayMs.p99, 500, '< 500 ms') }),
        figure({ id: 'live.rate', label: 'vote-update messages per client per second (mean)', value: d.perClientPerSec.mean, unit: 'msg/s', target: atMost(d.perClientPerSec.mean, 4.5, '<= about 4/s') }),
        figure({ id: 'live.maxInOneSecond', label: 'Most vote-updates one client got in any 1 s', value: d.maxInOneSecond, unit: 'msg', target: atMost(d.maxInOneSecond, 5, '<= about 4') }),
        figure({ id: 'live.votes', label: 'Votes per second while 2,000 clients watch', value: appRun.votes.okPerSec, unit: 'votes/s', baseline: ctx.baselines.pgbench ? { label: 'pgbench vote tx (simple)', value: ctx.baselines.pgbench.simple.tps, unit: 'tps' } : undefined }),
        figure({ id: 'live.votes.p99', label: 'Vote p99 while 2,000 clients watch', value: appRun.votes.latencyMs.p99, unit: 'ms', target: atMost(appRun.votes.latencyMs.p99, 50, '< 50 ms') }),
        figure({ id: 'live.tally', label: 'Tallies equal counted votes (election watched live)', value: tally.mismatchedCandidates, unit: 'mismatched candidates', target: { text: '0', met: tally.equal && tally.votes >= appRun.votes.ok2xx } }),
      ],
      details: { app: appRun, bare, tally },
    };
  },
};
