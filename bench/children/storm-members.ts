// The members of the election-opening storm, run as their own process (one event loop, plain
// node:http with keep-alive connections: a light load generator that reports its own CPU).
//   node --import tsx bench/children/storm-members.ts <job.json> <result.json>
//
// mode 'storm': each member arrives at a random moment of the arrival window, signs in with the
// password (POST /api/auth/token, the token kept as the web app keeps it), loads what the elections
// page and the voting page load, and casts ten votes, each followed by the re-read of the member's
// own votes that the voting page makes. A paced watcher reads the live results and the directory
// meanwhile. mode 'sign-in capacity': a closed loop of sign-ins at a fixed concurrency, to measure
// how many sign-ins per second the server completes when they never stop coming.
// Decision 044 says why each request is there.
import fs from 'node:fs';
import http from 'node:http';
import { COME_BACK_TICKET_HEADER } from '@aesa/shared/auth';
import { summarize } from '../lib/stats.ts';
import { visitorAddress } from '../lib/visitors.ts';

export interface StormJob {
  mode: 'storm' | 'sign-in capacity';
  origin: string;
  password: string;
  /** The members' matric numbers: storm members in order, or the pool the capacity loop cycles through. */
  matrics: string[];
  electionId: string;
  positions: string[];
  /** Candidate ids per position index. */
  candidates: string[][];
  /** Storm: members arrive over this many seconds. */
  arrivalSeconds: number;
  /** Seed of the arrival times and choices (the same storm for every WORKERS value). */
  seed: number;
  /** Capacity: sign-ins in flight at once, and for how long. */
  concurrency?: number;
  durationSec?: number;
  /**
   * Storm: seconds after the start when members still on their way stop (counted as unfinished,
   * not as errors), so that an overloaded machine still gives a report.
   */
  deadlineSec?: number;
  /** Storm: paced reads while members vote (results of the election, directory pages). */
  watch?: { resultsPath: string; directoryPaths: string[]; perSecond: number };
  /** First simulated visitor address (bench/lib/visitors.ts) of this run. */
  visitorBase: number;
  /** A busy answer's Retry-After is honoured up to this many seconds. */
  retryAfterCapSec: number;
}

/** The steps of a member's visit, in order. */
export const STEPS = ['sign-in', 'sign-in attempt', 'elections page', 'voting page', 'vote', 'own votes re-read'] as const;
export type Step = (typeof STEPS)[number];

export interface StormResult {
  mode: StormJob['mode'];
  members: number;
  /** Members who cast all ten votes. */
  completed: number;
  /** Members who stopped at an error (they would have to start again). */
  stopped: number;
  /** Members still on their way at the deadline (an overloaded machine). */
  unfinished: number;
  steps: Record<Step, ReturnType<typeof summarize>>;
  signIns: number;
  /** 503 answers of the busy sign-in pool; each was retried after its Retry-After. */
  busy503: number;
  busyRetryAfterSec: ReturnType<typeof summarize>;
  votesAcknowledged: number;
  /** Every other non-2xx answer and every network error: must be 0. */
  errors: number;
  errorKinds: Record<string, number>;
  errorSamples: string[];
  /** Seconds from the first arrival to the last member's last vote. */
  completionSec: number;
  offeredSignInsPerSec: number;
  /** Sign-ins completed per second over the run, and over the busiest 5 s. */
  signInsPerSec: number;
  signInsPerSecBusiest5s: number;
  /** The load generator's own CPU (process.cpuUsage), in cores over the run. */
  cpu: { userMs: number; systemMs: number; wallMs: number; cores: number };
  watch?: { results: ReturnType<typeof summarize>; directory: ReturnType<typeof summarize>; ok: number; notOk: number; statusCodes: Record<string, number> };
}

interface Answer {
  status: number;
  body: string;
  ms: number;
  retryAfter: string | undefined;
  /** A busy sign-in's signed moment to come back at (Come-Back-Ticket), sent back with the retry as the login page does. */
  comeBackTicket: string | undefined;
}

// A connection per request in flight, kept open for the next one: members' browsers each hold
// their own, and a small cap here would queue requests in this process and count that as the server's time.
const agent = new http.Agent({ keepAlive: true, maxSockets: 8192, maxFreeSockets: 4096, keepAliveMsecs: 10_000 });

function call(origin: URL, method: 'GET' | 'POST', path: string, opts: { token?: string; body?: unknown; visitor: string; comeBackTicket?: string }): Promise<Answer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: http.OutgoingHttpHeaders = { 'x-forwarded-for': opts.visitor, accept: 'application/json' };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.comeBackTicket) headers[COME_BACK_TICKET_HEADER] = opts.comeBackTicket;
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request({ host: origin.hostname, port: origin.port, method, path, headers, agent, timeout: 60_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ra = res.headers['retry-after'];
        const ticket = res.headers[COME_BACK_TICKET_HEADER.toLowerCase()];
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: performance.now() - t0, retryAfter: Array.isArray(ra) ? ra[0] : ra, comeBackTicket: Array.isArray(ticket) ? ticket[0] : ticket });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout after 60 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Small seeded generator (mulberry32): the same arrivals and choices for every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class StepError extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

/** A member still on their way at the deadline: not an error of the server. */
class Unfinished extends Error {}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function main() {
  const [jobFile, outFile] = process.argv.slice(2);
  const job = JSON.parse(fs.readFileSync(jobFile!, 'utf8')) as StormJob;
  const origin = new URL(job.origin);
  const rand = random(job.seed);
  const lat: Record<Step, number[]> = Object.fromEntries(STEPS.map((s) => [s, []])) as unknown as Record<Step, number[]>;
  const errorKinds: Record<string, number> = {};
  const errorSamples: string[] = [];
  const signInDone: number[] = [];
  const retryAfters: number[] = [];
  let busy503 = 0;
  let acked = 0;
  let completed = 0;
  let stopped = 0;
  let unfinished = 0;
  let lastDone = 0;

  const cpu0 = process.cpuUsage();
  const t0 = performance.now();

  const deadline = job.deadlineSec === undefined ? Infinity : job.deadlineSec * 1000;
  /** Past the deadline, a member stops before the next request. */
  const inTime = () => {
    if (performance.now() - t0 > deadline) throw new Unfinished();
  };

  const expect2xx = (step: Step, a: Answer, path: string) => {
    if (a.status < 200 || a.status >= 300) throw new StepError(`${step}: ${a.status}`, `${step} ${path} answered ${a.status}: ${a.body.slice(0, 200)}`);
  };

  /** POST /api/auth/token until it is not a busy 503; the token. */
  async function signIn(matric: string, visitor: string): Promise<string> {
    const started = performance.now();
    let comeBackTicket: string | undefined;
    for (;;) {
      inTime();
      const a = await call(origin, 'POST', '/api/auth/token', { body: { matric_number: matric, password: job.password }, visitor, comeBackTicket });
      lat['sign-in attempt'].push(a.ms);
      if (a.status === 503) {
        busy503++;
        // Retry-After in seconds (the HTTP form this server uses); a missing one waits 1 s.
        const wait = Math.min(job.retryAfterCapSec, Math.max(0, Number(a.retryAfter ?? 1) || 1));
        retryAfters.push(wait);
        comeBackTicket = a.comeBackTicket ?? comeBackTicket;
        await sleep(wait * 1000);
        continue;
      }
      expect2xx('sign-in', a, '/api/auth/token');
      const token = (JSON.parse(a.body) as { token?: string }).token;
      if (!token) throw new StepError('sign-in: no token', `sign-in answered without a token (a second factor?): ${a.body.slice(0, 120)}`);
      lat['sign-in'].push(performance.now() - started);
      signInDone.push(performance.now() - t0);
      return token;
    }
  }

  /** Several requests at once, as the page's queries run; the step lasts until the last answer. */
  async function page(step: Step, paths: string[], token: string, visitor: string): Promise<Answer[]> {
    inTime();
    const started = performance.now();
    const answers = await Promise.all(paths.map((p) => call(origin, 'GET', p, { token, visitor })));
    answers.forEach((a, i) => expect2xx(step, a, paths[i]!));
    lat[step].push(performance.now() - started);
    return answers;
  }

  const election = encodeURIComponent(job.electionId);
  const activePath = '/api/voting/elections/active';
  const myVotesPath = `/api/voting/elections/${election}/my-votes`;

  async function member(i: number, choices: number[]) {
    const visitor = visitorAddress(job.visitorBase + i);
    const token = await signIn(job.matrics[i]!, visitor);
    // The elections page opened by a signed-in member: the site settings and the member's own
    // record (every page load), then the Available Elections list behind "Cast Your Vote".
    await page('elections page', ['/api/config', '/api/auth/me', activePath], token, visitor);
    // The voting page: the active elections (re-read on the page's own mount) and the member's votes.
    const [active] = await page('voting page', [activePath, myVotesPath], token, visitor);
    if (!active!.body.includes(job.electionId)) throw new StepError('voting page: election missing', 'the election is not among the active elections');
    for (let p = 0; p < job.positions.length; p++) {
      const candidates = job.candidates[p]!;
      const body = { candidate_id: candidates[choices[p]! % candidates.length], position: job.positions[p] };
      inTime();
      const v = await call(origin, 'POST', `/api/voting/elections/${election}/vote`, { token, body, visitor });
      expect2xx('vote', v, 'vote');
      acked++;
      lat.vote.push(v.ms);
      // The ballot re-reads the member's own votes after each vote (its mutation's onSettled).
      await page('own votes re-read', [myVotesPath], token, visitor);
    }
    completed++;
    lastDone = performance.now() - t0;
  }

  const fail = (err: unknown) => {
    if (err instanceof Unfinished) {
      unfinished++;
      return;
    }
    stopped++;
    const kind = err instanceof StepError ? err.kind : `network: ${(err as Error).message.slice(0, 60)}`;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    if (errorSamples.length < 10) errorSamples.push((err as Error).message.slice(0, 300));
  };

  let watch: StormResult['watch'];
  if (job.mode === 'storm') {
    const n = job.matrics.length;
    // Arrivals: n moments drawn uniformly over the window, which is a Poisson process of rate
    // n / window conditioned on exactly n arrivals in it (decision 044).
    const arrivals = Array.from({ length: n }, () => rand() * job.arrivalSeconds * 1000).sort((a, b) => a - b);
    const plans = arrivals.map(() => job.positions.map(() => Math.floor(rand() * 1000)));
    let watching = true;
    const watcher = job.watch ? startWatch(job.watch, () => watching) : null;
    await Promise.all(
      arrivals.map(async (at, i) => {
        await sleep(at - (performance.now() - t0));
        await member(i, plans[i]!).catch(fail);
      }),
    );
    watching = false;
    watch = watcher ? await watcher : undefined;
  } else {
    const until = t0 + (job.durationSec ?? 10) * 1000;
    let next = 0;
    await Promise.all(
      Array.from({ length: job.concurrency ?? 8 }, async () => {
        while (performance.now() < until) {
          const i = next++;
          await signIn(job.matrics[i % job.matrics.length]!, visitorAddress(job.visitorBase + i)).catch(fail);
        }
      }),
    );
    lastDone = performance.now() - t0;
  }

  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const span = Math.max(1, (signInDone.at(-1) ?? 0) - (signInDone[0] ?? 0)) / 1000;
  const result: StormResult = {
    mode: job.mode,
    members: job.mode === 'storm' ? job.matrics.length : signInDone.length,
    completed,
    stopped,
    unfinished,
    steps: Object.fromEntries(STEPS.map((s) => [s, summarize(lat[s])])) as Record<Step, ReturnType<typeof summarize>>,
    signIns: signInDone.length,
    busy503,
    busyRetryAfterSec: summarize(retryAfters),
    votesAcknowledged: acked,
    errors: Object.values(errorKinds).reduce((a, b) => a + b, 0),
    errorKinds,
    errorSamples,
    completionSec: Math.round(lastDone / 10) / 100,
    offeredSignInsPerSec: job.mode === 'storm' ? Math.round((job.matrics.length / job.arrivalSeconds) * 10) / 10 : 0,
    signInsPerSec: Math.round((signInDone.length / (job.mode === 'storm' ? span : wallMs / 1000)) * 10) / 10,
    signInsPerSecBusiest5s: busiest(signInDone, 5000),
    cpu: { userMs: Math.round(cpu.user / 1000), systemMs: Math.round(cpu.system / 1000), wallMs: Math.round(wallMs), cores: Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 100) / 100 },
    watch,
  };
  fs.writeFileSync(outFile!, JSON.stringify(result));

  /** Paced reads of the results and the directory, one of each every 1 / perSecond s, while `on()`. */
  async function startWatch(w: NonNullable<StormJob['watch']>, on: () => boolean): Promise<NonNullable<StormResult['watch']>> {
    const results: number[] = [];
    const directory: number[] = [];
    const statusCodes: Record<string, number> = {};
    let ok = 0;
    let notOk = 0;
    let k = 0;
    const inFlight = new Set<Promise<void>>();
    const read = async (path: string, into: number[], n: number) => {
      try {
        const a = await call(origin, 'GET', path, { visitor: visitorAddress(job.visitorBase + 100_000 + (n % 20_000)) });
        statusCodes[a.status] = (statusCodes[a.status] ?? 0) + 1;
        if (a.status >= 200 && a.status < 300) {
          ok++;
          into.push(a.ms);
        } else notOk++;
      } catch {
        notOk++;
        statusCodes.network = (statusCodes.network ?? 0) + 1;
      }
    };
    const interval = 1000 / w.perSecond;
    const start = performance.now();
    while (on()) {
      const n = k++;
      for (const p of [read(w.resultsPath, results, n), read(w.directoryPaths[n % w.directoryPaths.length]!, directory, n)]) {
        inFlight.add(p);
        void p.then(() => inFlight.delete(p));
      }
      await sleep(Math.max(0, start + k * interval - performance.now()));
    }
    await Promise.all(inFlight);
    return { results: summarize(results), directory: summarize(directory), ok, notOk, statusCodes };
  }
}

/** The most events in any window of `ms` (times ascending), per second. */
function busiest(times: number[], ms: number): number {
  let best = 0;
  let j = 0;
  for (let i = 0; i < times.length; i++) {
    while (times[i]! - times[j]! > ms) j++;
    best = Math.max(best, i - j + 1);
  }
  return Math.round((best / (ms / 1000)) * 10) / 10;
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
