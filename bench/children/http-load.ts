// The load generator, run as its own process so it never shares the server's (or the harness's)
// event loop. Reads a JSON job file, runs autocannon against 127.0.0.1, writes a JSON result.
//   node --import tsx bench/children/http-load.ts <job.json> <result.json>
import fs from 'node:fs';
import autocannon from 'autocannon';
import { monoMs, summarize } from '../lib/stats.ts';
import { visitorAddress } from '../lib/visitors.ts';

export interface GetJob {
  mode: 'get';
  paths: string[];
  headers?: Record<string, string>;
  /** Give every few requests a new visitor address in X-Forwarded-For (see visitorAddress). */
  visitors?: boolean;
}

export interface VoteJob {
  mode: 'vote';
  electionId: string;
  /** Voters' session tokens; request i votes as voter floor(i / 10) for position i % 10. */
  tokens: string[];
  positions: string[];
  /** Candidate ids per position index. */
  candidates: string[][];
  /** Record the completion time (CLOCK_MONOTONIC ms) of every 2xx vote. */
  stamps: boolean;
}

/** Requests a simulated directory or results visitor makes before the next one comes. */
const REQUESTS_PER_VISITOR = 4;

export type LoadJob = (GetJob | VoteJob) & {
  label: string;
  origin: string;
  connections: number;
  durationSec: number;
  warmupSec: number;
  timeoutSec?: number;
};

export interface LoadResult {
  label: string;
  durationSec: number;
  requests: number;
  ok2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  /** 2xx responses per second of the measured run. */
  okPerSec: number;
  latencyMs: ReturnType<typeof summarize>;
  /** Sample of a non-2xx body, to say why. */
  firstNon2xx?: { status: number; body: string };
  stamps?: number[];
  startedAt: number;
  finishedAt: number;
  exhausted?: boolean;
  /** Added by the harness: CPU of the app, PostgreSQL and other processes during this load. */
  cpu?: import('../lib/cpu.ts').CpuShare;
}

async function main() {
  const [jobFile, outFile] = process.argv.slice(2);
  const job = JSON.parse(fs.readFileSync(jobFile!, 'utf8')) as LoadJob;
  let next = 0;
  let exhausted = false;
  // Each load starts at its own place in the visitor range, so loads do not share visitors.
  const visitorBase = Math.floor(Math.random() * 131_072);
  let current: autocannon.Instance | null = null;
  let firstNon2xx: LoadResult['firstNon2xx'];

  const request = (): autocannon.Request => {
    if (job.mode === 'get') {
      return {
        method: 'GET',
        setupRequest: (req) => {
          const i = next++;
          req.path = job.paths[i % job.paths.length]!;
          if (job.visitors) req.headers = { ...job.headers, 'x-forwarded-for': visitorAddress(visitorBase + Math.floor(i / REQUESTS_PER_VISITOR)) };
          return req;
        },
        onResponse: (status, body) => {
          if (status >= 300 && !firstNon2xx) firstNon2xx = { status, body: String(body).slice(0, 300) };
        },
      };
    }
    const pairs = job.tokens.length * job.positions.length;
    return {
      method: 'POST',
      path: `/api/voting/elections/${job.electionId}/vote`,
      setupRequest: (req) => {
        const i = next++;
        if (i >= pairs) {
          // Every (voter, position) pair is used: stop rather than send a duplicate (a 409).
          exhausted = true;
          setImmediate(() => current?.stop());
        }
        const voter = Math.floor(i / job.positions.length) % job.tokens.length;
        const p = i % job.positions.length;
        const options = job.candidates[p]!;
        // Each voter is a visitor with an address of their own.
        req.headers = { 'content-type': 'application/json', authorization: `Bearer ${job.tokens[voter]}`, 'x-forwarded-for': visitorAddress(voter) };
        req.body = JSON.stringify({ candidate_id: options[Math.floor(Math.random() * options.length)], position: job.positions[p] });
        return req;
      },
      onResponse: (status, body) => {
        if (status >= 300 && !firstNon2xx) firstNon2xx = { status, body: String(body).slice(0, 300) };
      },
    };
  };

  const runOnce = (durationSec: number, record: boolean) =>
    new Promise<{ result: autocannon.Result; latencies: number[]; stamps: number[]; startedAt: number; finishedAt: number }>((resolve, reject) => {
      const latencies: number[] = [];
      const stamps: number[] = [];
      const startedAt = monoMs();
      const instance = autocannon(
        {
          url: job.origin,
          connections: job.connections,
          duration: durationSec,
          timeout: job.timeoutSec ?? 10,
          headers: job.mode === 'get' ? job.headers : undefined,
          requests: [request()],
        },
        (err, result) => (err ? reject(err) : resolve({ result, latencies, stamps, startedAt, finishedAt: monoMs() })),
      );
      current = instance;
      if (record) {
        instance.on('response', (_client, status, _bytes, responseTime) => {
          latencies.push(responseTime);
          if (job.mode === 'vote' && job.stamps && status >= 200 && status < 300) stamps.push(monoMs());
        });
      }
    });

  if (job.warmupSec > 0) await runOnce(job.warmupSec, false);
  const { result, latencies, stamps, startedAt, finishedAt } = await runOnce(job.durationSec, true);
  const statusCodes: Record<string, number> = {};
  for (const [code, v] of Object.entries((result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats ?? {})) statusCodes[code] = v.count;
  const ok2xx = result['2xx'];
  const seconds = (finishedAt - startedAt) / 1000;
  const out: LoadResult = {
    label: job.label,
    durationSec: Math.round(seconds * 100) / 100,
    requests: latencies.length,
    ok2xx,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    okPerSec: Math.round(ok2xx / seconds),
    latencyMs: summarize(latencies),
    firstNon2xx,
    stamps: job.mode === 'vote' && job.stamps ? stamps : undefined,
    startedAt,
    finishedAt,
    exhausted,
  };
  fs.writeFileSync(outFile!, JSON.stringify(out));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
