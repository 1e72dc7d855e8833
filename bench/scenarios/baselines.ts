import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../apps/server/src/db/embedded.ts';
import type { LoadResult } from '../children/http-load.ts';
import { figure, type Scenario } from '../lib/context.ts';
import { runLoad } from '../lib/load.ts';
import { PGBENCH, pgbenchMinimalVote, pgbenchVote, type PgbenchResult } from '../lib/pgbench.ts';
import { procMem, type ProcMem } from '../lib/memory.ts';
import { nodeTs, sleep, start, stop } from '../lib/proc.ts';
import { checkTallies, type TallyCheck } from '../lib/seed.ts';
import { ROOT } from '../lib/server.ts';

export const PGBENCH_ELECTIONS = { simple: 101, prepared: 201, pool: 301, count: 5 } as const;
/** The app's pg pool size (apps/server/src/db/client.ts): pgbench with as many clients shows its cap. */
export const APP_POOL_SIZE = 10;

/** The baselines every figure is compared with, measured in the same run on this machine. */
export const baselines: Scenario = {
  name: 'baselines',
  title: 'Baselines (same run, same machine)',
  async run(ctx) {
    // 1. A bare Fastify JSON route in its own process; once per run (the external database's run
    // is on the same machine and reuses it).
    if (!ctx.baselines.bareFastify) Object.assign(ctx.baselines, await bareFastify(ctx.seconds, ctx.warmup));
    const { bareStartMs, bareMemory } = ctx.baselines;

    // 2. The vote transaction in pgbench, simple and prepared protocol.
    if (fs.existsSync(PGBENCH)) {
      const common = { url: ctx.dbUrl, clients: 50, threads: 2, seconds: ctx.seconds, members: ctx.seeded.members, elections: PGBENCH_ELECTIONS.count };
      const simple = await pgbenchVote({ ...common, prepared: false, firstElection: PGBENCH_ELECTIONS.simple });
      const prepared = await pgbenchVote({ ...common, prepared: true, firstElection: PGBENCH_ELECTIONS.prepared });
      // Diagnostic: the same transaction with only as many clients as the app has pool connections
      // (embedded run only, to keep the whole run short).
      const pool = ctx.target === 'embedded' ? await pgbenchVote({ ...common, clients: APP_POOL_SIZE, prepared: false, firstElection: PGBENCH_ELECTIONS.pool }) : undefined;
      // The floor: insert a vote and raise a tally, nothing else (the vote path's target is a share of it).
      const minimal = await pgbenchMinimalVote({ url: ctx.dbUrl, clients: 50, threads: 2, seconds: ctx.seconds });
      ctx.baselines.pgbench = { simple, prepared, pool, minimal };
    }
    const b = ctx.baselines;
    // pgbench's votes must add up too (a check of the baseline script itself).
    const pgElections = [...ctx.seeded.elections.values()].filter((e) => e.no >= PGBENCH_ELECTIONS.simple).map((e) => e.id);
    const pgbenchTallies = b.pgbench ? await checkTallies(ctx.pool, pgElections) : undefined;
    return {
      figures: [
        figure({ id: 'baseline.fastify', label: 'Bare Fastify JSON GET, 50 connections', value: b.bareFastify?.okPerSec ?? null, unit: 'req/s', note: b.bareFastify?.cpu ? `other processes used ${b.bareFastify.cpu.othersPct}% of the machine meanwhile` : undefined }),
        figure({ id: 'baseline.fastify.p99', label: 'Bare Fastify JSON GET p99', value: b.bareFastify?.latencyMs.p99 ?? null, unit: 'ms' }),
        figure({
          id: 'baseline.pgbench',
          label: 'Vote transaction in pgbench -c 50 -j 2 (simple protocol)',
          value: b.pgbench?.simple.tps ?? null,
          unit: 'tps',
          note: b.pgbench ? pgbenchNote(b.pgbench.simple, b.pgbench.prepared, pgbenchTallies) : `${PGBENCH} is missing`,
        }),
        figure({ id: 'baseline.pgbench.p99', label: 'Vote transaction in pgbench p99 (simple)', value: b.pgbench?.simple.latencyMs.p99 ?? null, unit: 'ms' }),
        figure({ id: 'baseline.pgbench.prepared', label: 'Vote transaction in pgbench -M prepared', value: b.pgbench?.prepared.tps ?? null, unit: 'tps' }),
        figure({ id: 'baseline.pgbench.prepared.p99', label: 'Vote transaction in pgbench p99 (prepared)', value: b.pgbench?.prepared.latencyMs.p99 ?? null, unit: 'ms' }),
        figure({ id: 'baseline.pgbench.minimal', label: 'Minimal vote transaction in pgbench -c 50 -j 2 (insert the vote, raise the tally)', value: b.pgbench?.minimal.tps ?? null, unit: 'tps' }),
        figure({ id: 'baseline.pgbench.minimal.p99', label: 'Minimal vote transaction in pgbench p99', value: b.pgbench?.minimal.latencyMs.p99 ?? null, unit: 'ms' }),
        figure({
          id: 'baseline.pgbench.pool',
          label: `Diagnostic: the same in pgbench with ${APP_POOL_SIZE} clients (the app's pool size)`,
          value: b.pgbench?.pool?.tps ?? null,
          unit: 'tps',
          baseline: b.pgbench ? { label: 'pgbench, 50 clients', value: b.pgbench.simple.tps, unit: 'tps' } : undefined,
        }),
      ],
      details: { bareFastify: b.bareFastify, bareStartMs, bareMemory, pgbench: b.pgbench, pgbenchTallies },
    };
  },
};

function pgbenchNote(simple: PgbenchResult, prepared: PgbenchResult, tallies?: TallyCheck): string {
  const parts: string[] = [];
  for (const r of [simple, prepared]) if (r.failed) parts.push(`pgbench ${r.mode} FAILED: ${r.output.split('\n').slice(-3).join(' ')}`);
  if (tallies) parts.push(`${tallies.votes} pgbench votes stored, tallies ${tallies.equal ? 'equal' : 'NOT equal'} to counted votes`);
  return parts.join('; ');
}

async function bareFastify(seconds: number, warmup: number): Promise<{ bareFastify: LoadResult; bareStartMs: number; bareMemory: ProcMem }> {
  return withBareFastify(undefined, async (origin, startMs, memory) => {
    const load = await runLoad({ label: 'bare fastify', mode: 'get', origin, paths: ['/json'], connections: 50, durationSec: seconds, warmupSec: warmup });
    return { bareFastify: load, bareStartMs: startMs, bareMemory: memory };
  });
}

/** Runs `use` against a bare Fastify process (answering a captured replica, if one is given). */
export async function withBareFastify<T>(replicaFile: string | undefined, use: (origin: string, startMs: number, memory: ProcMem) => Promise<T>): Promise<T> {
  const port = await freePort();
  const [cmd, args] = nodeTs(path.join(ROOT, 'bench/children/bare-fastify.ts'), replicaFile ? [String(port), replicaFile] : [String(port)]);
  const t0 = performance.now();
  const server = start(cmd, args, { name: 'bare fastify', cwd: ROOT, ipc: true });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bare fastify did not start:\n${server.output()}`)), 20_000);
      server.child.once('message', () => {
        clearTimeout(timer);
        resolve();
      });
      void server.exited.then(() => reject(new Error(`bare fastify exited:\n${server.output()}`)));
    });
    const startMs = Math.round(performance.now() - t0);
    await sleep(1000);
    return await use(`http://127.0.0.1:${port}`, startMs, procMem(server.child.pid!));
  } finally {
    await stop(server, 'SIGTERM', 5000);
  }
}
