// The soak's mixed load, run as its own process (one event loop, plain node:http with keep-alive
// connections and the `ws` client): members browsing the directory and profiles, signing in and
// out, uploading a profile photo, voting; an administrator sending bulk e-mail to a few members;
// live-results clients joining and leaving an election room; and a paced GET /api/health whose
// delay stands for the app's event-loop delay.
//   node --import tsx bench/children/soak-load.ts <job.json> <result.json>   (IPC channel required)
//
// Open loop: each stream starts its requests at its own rate whether or not the earlier ones have
// answered (members do not wait for each other), with a cap on the requests of a stream in
// flight so that a stalled server cannot make this process grow without bound. The parent asks
// for a 'sample' every few minutes (each step's latencies and errors since the last one) and
// says 'stop' at the end: new requests stop, those in flight finish, every WebSocket is closed.
import fs from 'node:fs';
import http from 'node:http';
import sharp from 'sharp';
import WebSocket from 'ws';
import { summarize } from '../lib/stats.ts';
import { visitorAddress } from '../lib/visitors.ts';

export interface SoakJob {
  origin: string;
  password: string;
  /** Session tokens of members 1..n (index i-1 for member i), as seeded. */
  tokens: string[];
  /** Matric numbers of the members who sign in with their password (member i at i-1). */
  matrics: string[];
  /** User ids of the members (for profile pages), member i at i-1. */
  userIds: string[];
  adminToken: string;
  /** E-mail addresses of the small group the administrator writes to. */
  mailGroup: string[];
  elections: { id: string; candidates: string[][] }[];
  positions: string[];
  directoryPaths: string[];
  /** Requests started per second by each stream. */
  rates: SoakRates;
  /** Live-results clients connected at any time, and how long each stays (uniform in [min, max] s). */
  ws: { clients: number; minStaySec: number; maxStaySec: number };
  /** Simulated visitor addresses (bench/lib/visitors.ts) the members come from. */
  visitors: number;
  /** Requests of one stream in flight at most; past it a request is not started (counted as skipped). */
  maxInFlight: number;
}

export interface SoakRates {
  directory: number;
  profile: number;
  vote: number;
  signIn: number;
  upload: number;
  bulkEmail: number;
  health: number;
}

/** The steps whose latencies are recorded. */
export const SOAK_STEPS = ['directory', 'profile', 'vote', 'sign-in', 'me', 'sign-out', 'upload', 'bulk e-mail', 'ws join', 'health'] as const;
export type SoakStep = (typeof SOAK_STEPS)[number];

export interface SoakInterval {
  seconds: number;
  steps: Partial<Record<SoakStep, ReturnType<typeof summarize>>>;
  requests: number;
  errors: number;
  errorKinds: Record<string, number>;
  /** Requests not started because the stream already had maxInFlight in flight (the server fell behind), by stream. */
  skipped: number;
  skippedKinds: Record<string, number>;
  votesAcknowledged: number;
  mailsQueued: number;
  ws: { open: number; joins: number; leaves: number; voteUpdates: number };
}

export interface SoakResult {
  total: SoakInterval;
  errorSamples: string[];
  /** WebSockets the server closed before the client left: must be 0. */
  wsClosedByServer: number;
  cpu: { userMs: number; systemMs: number; wallMs: number; cores: number };
}

const job = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as SoakJob;
const outFile = process.argv[3]!;
const origin = new URL(job.origin);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, keepAliveMsecs: 10_000 });

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function call(method: string, path: string, opts: { token?: string; json?: unknown; raw?: { body: Buffer; type: string }; visitor: string }): Promise<Answer> {
  const headers: http.OutgoingHttpHeaders = { 'x-forwarded-for': opts.visitor, accept: 'application/json' };
  let payload: Buffer | undefined;
  if (opts.json !== undefined) {
    payload = Buffer.from(JSON.stringify(opts.json));
    headers['content-type'] = 'application/json';
  } else if (opts.raw) {
    payload = opts.raw.body;
    headers['content-type'] = opts.raw.type;
  }
  if (payload) headers['content-length'] = payload.length;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request({ host: origin.hostname, port: origin.port, method, path, headers, agent, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout after 30 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

class StepError extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

/** Latencies and counts of one interval (and, apart, of the whole run). */
class Tally {
  lat = new Map<SoakStep, number[]>();
  requests = 0;
  errorKinds: Record<string, number> = {};
  skippedKinds: Record<string, number> = {};
  votes = 0;
  mails = 0;
  joins = 0;
  leaves = 0;
  voteUpdates = 0;
  t0 = performance.now();
  add(step: SoakStep, ms: number) {
    let a = this.lat.get(step);
    if (!a) this.lat.set(step, (a = []));
    a.push(ms);
  }
  snapshot(openSockets: number): SoakInterval {
    const steps: SoakInterval['steps'] = {};
    for (const s of SOAK_STEPS) {
      const a = this.lat.get(s);
      if (a?.length) steps[s] = summarize(a);
    }
    return {
      seconds: Math.round((performance.now() - this.t0) / 100) / 10,
      steps,
      requests: this.requests,
      errors: Object.values(this.errorKinds).reduce((a, b) => a + b, 0),
      errorKinds: this.errorKinds,
      skipped: Object.values(this.skippedKinds).reduce((a, b) => a + b, 0),
      skippedKinds: this.skippedKinds,
      votesAcknowledged: this.votes,
      mailsQueued: this.mails,
      ws: { open: openSockets, joins: this.joins, leaves: this.leaves, voteUpdates: this.voteUpdates },
    };
  }
}

let interval = new Tally();
const total = new Tally();
const both = (f: (t: Tally) => void) => {
  f(interval);
  f(total);
};
const errorSamples: string[] = [];
const fail = (kind: string, message: string) => {
  both((t) => (t.errorKinds[kind] = (t.errorKinds[kind] ?? 0) + 1));
  if (errorSamples.length < 20) errorSamples.push(`${new Date().toISOString().slice(11, 19)} ${message.slice(0, 300)}`);
};

/** One request of a step: timed, counted, a non-2xx (or another expected status) is an error. */
async function step(name: SoakStep, method: string, path: string, opts: Parameters<typeof call>[2], expect = (s: number) => s >= 200 && s < 300): Promise<Answer> {
  both((t) => t.requests++);
  const a = await call(method, path, opts);
  if (!expect(a.status)) throw new StepError(`${name}: ${a.status}`, `${name} ${method} ${path} answered ${a.status}: ${a.body.slice(0, 200)}`);
  both((t) => t.add(name, a.ms));
  return a;
}

let running = true;
const inFlight = new Set<Promise<void>>();
const rand = (n: number) => Math.floor(Math.random() * n);
const visitor = (n: number) => visitorAddress(n % job.visitors);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Starts `task` `perSecond` times a second until stopped (evenly spaced, catching up after a stall). */
async function stream(name: string, perSecond: number, task: (n: number) => Promise<void>) {
  if (perSecond <= 0) return;
  const gap = 1000 / perSecond;
  const start = performance.now();
  let n = 0;
  let mine = 0;
  while (running) {
    const k = n++;
    if (mine >= job.maxInFlight) {
      both((t) => (t.skippedKinds[name] = (t.skippedKinds[name] ?? 0) + 1));
    } else {
      mine++;
      const p = task(k)
        .catch((err: unknown) => fail(err instanceof StepError ? err.kind : `${name}: network ${(err as Error).message.slice(0, 40)}`, (err as Error).message))
        .finally(() => {
          mine--;
          inFlight.delete(p);
        });
      inFlight.add(p);
    }
    await sleep(Math.max(0, start + n * gap - performance.now()));
  }
}

const members = job.tokens.length;
/** Members 1..half vote and browse with their seeded session; the other half upload and sign in. */
const half = Math.floor(members / 2);
const pairsPerElection = members * job.positions.length;
let voteSeq = 0;
const currentElection = () => job.elections[Math.min(job.elections.length - 1, Math.floor(voteSeq / pairsPerElection))]!;

async function main() {
  // A real JPEG, made once: a 480 x 480 gradient with noise (about 30 KB), as a phone photo is
  // cropped for a profile.
  const w = 480;
  const pixels = Buffer.alloc(w * w * 3);
  for (let i = 0; i < w * w; i++) {
    const x = i % w;
    const y = Math.floor(i / w);
    pixels[i * 3] = (x * 255) / w + rand(30);
    pixels[i * 3 + 1] = (y * 255) / w + rand(30);
    pixels[i * 3 + 2] = 128 + rand(60);
  }
  const jpeg = await sharp(pixels, { raw: { width: w, height: w, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
  const boundary = '----soak' + Math.random().toString(16).slice(2);
  const multipart = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const multipartType = `multipart/form-data; boundary=${boundary}`;

  const streams = [
    stream('directory', job.rates.directory, async () => {
      const m = 1 + rand(half);
      await step('directory', 'GET', job.directoryPaths[rand(job.directoryPaths.length)]!, { token: job.tokens[m - 1], visitor: visitor(m) });
    }),
    stream('profile', job.rates.profile, async () => {
      const m = 1 + rand(half);
      await step('profile', 'GET', `/api/profile/${job.userIds[rand(members)]}`, { token: job.tokens[m - 1], visitor: visitor(m) });
    }),
    // Every vote is a (member, position) pair not voted yet: request i votes as member i / 10 for
    // position i mod 10, in the first election until its pairs are used up, then the next.
    stream('vote', job.rates.vote, async () => {
      const i = voteSeq++;
      const e = Math.floor(i / pairsPerElection);
      const election = job.elections[e];
      if (!election) throw new StepError('vote: pairs used up', 'every (member, position) pair of the seeded elections has voted');
      const j = i % pairsPerElection;
      const m = 1 + Math.floor(j / job.positions.length);
      const p = j % job.positions.length;
      const candidates = election.candidates[p]!;
      await step('vote', 'POST', `/api/voting/elections/${election.id}/vote`, { token: job.tokens[m - 1], json: { candidate_id: candidates[rand(candidates.length)], position: job.positions[p] }, visitor: visitor(m) });
      both((t) => t.votes++);
    }),
    // Sign in with the password (argon2id), read the own record, sign out; the token must then be refused.
    stream('sign-in', job.rates.signIn, async () => {
      const m = half + 1 + rand(members - half);
      const v = visitor(m);
      const a = await step('sign-in', 'POST', '/api/auth/token', { json: { matric_number: job.matrics[m - 1], password: job.password }, visitor: v });
      const token = (JSON.parse(a.body) as { token?: string }).token;
      if (!token) throw new StepError('sign-in: no token', `sign-in answered without a token: ${a.body.slice(0, 120)}`);
      await step('me', 'GET', '/api/auth/me', { token, visitor: v });
      await step('sign-out', 'POST', '/api/auth/logout', { token, visitor: v });
      await step('me', 'GET', '/api/auth/me', { token, visitor: v }, (s) => s === 401);
    }),
    stream('upload', job.rates.upload, async () => {
      const m = half + 1 + rand(members - half);
      await step('upload', 'POST', '/api/profile/me/upload/profile-image', { token: job.tokens[m - 1], raw: { body: multipart, type: multipartType }, visitor: visitor(m) });
    }),
    // The administrator writes to a small group through the outbox (a few addresses, as from a
    // few devices: the send is limited per client address).
    stream('bulk e-mail', job.rates.bulkEmail, async (n) => {
      const body = { subject: `Soak notice ${n}`, body: `A notice to a few members (${n}).`, recipient_roles: job.mailGroup };
      const a = await step('bulk e-mail', 'POST', '/api/admin/send-bulk-email', { token: job.adminToken, json: body, visitor: visitorAddress(120_000 + (n % 8)) });
      const queued = Number((JSON.parse(a.body) as { recipients_count?: number }).recipients_count ?? 0);
      both((t) => (t.mails += queued));
    }),
    stream('health', job.rates.health, async () => {
      await step('health', 'GET', '/api/health', { visitor: visitorAddress(121_000) });
    }),
    liveClients(),
  ];
  process.send!({ type: 'started', jpegBytes: jpeg.length });
  await Promise.all(streams);
}

const sockets = new Set<WebSocket>();
let wsClosedByServer = 0;

/** Keeps `job.ws.clients` live-results clients: each joins the room, stays a while, leaves and closes. */
async function liveClients() {
  const url = job.origin.replace(/^http/, 'ws') + '/ws';
  const one = async (k: number) => {
    while (running) {
      const stay = (job.ws.minStaySec + Math.random() * (job.ws.maxStaySec - job.ws.minStaySec)) * 1000;
      const electionId = currentElection().id;
      const t0 = performance.now();
      const ws = new WebSocket(url, { origin: job.origin, perMessageDeflate: false, headers: { 'x-forwarded-for': visitor(k) } });
      sockets.add(ws);
      let leaving = false;
      let joined = false;
      const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
      ws.on('close', () => {
        sockets.delete(ws);
        if (!leaving) {
          wsClosedByServer++;
          fail('ws: closed by the server', `a live-results socket was closed by the server ${Math.round(performance.now() - t0)} ms after it opened`);
        }
      });
      ws.on('error', (err) => {
        if (!leaving) fail('ws: error', `live-results socket: ${err.message}`);
      });
      ws.on('open', () => ws.send(JSON.stringify({ event: 'join-election-room', electionId })));
      ws.on('message', (data) => {
        let event = '?';
        try {
          event = String((JSON.parse(data.toString()) as { event?: string }).event);
        } catch {
          /* not JSON */
        }
        if (!joined) {
          joined = true;
          if (event === 'error') fail('ws join: error', `join answered ${data.toString().slice(0, 200)}`);
          else {
            both((t) => t.joins++);
            both((t) => t.add('ws join', performance.now() - t0));
          }
        } else if (event === 'vote-update') both((t) => t.voteUpdates++);
      });
      const until = performance.now() + stay;
      const isClosed = () => ws.readyState === WebSocket.CLOSED;
      while (running && performance.now() < until && !isClosed()) await sleep(Math.min(1000, until - performance.now()));
      if (isClosed()) continue;
      leaving = true;
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ event: 'leave-election-room', electionId }));
      // A clean close (the page navigates away); one in ten simply drops (a phone losing its network).
      if (k % 10 === 0) ws.terminate();
      else ws.close(1000);
      await Promise.race([closed, sleep(5000)]);
      if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
      both((t) => t.leaves++);
    }
  };
  // Spread the first joins over a few seconds.
  await Promise.all(
    Array.from({ length: job.ws.clients }, async (_, k) => {
      await sleep((k * 5000) / job.ws.clients);
      await one(k);
    }),
  );
}

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'sample') {
    process.send!({ type: 'sample', interval: interval.snapshot(sockets.size) });
    interval = new Tally();
  } else if (msg.type === 'stop') {
    running = false;
    void finish();
  }
});

const cpu0 = process.cpuUsage();
const t0 = performance.now();

async function finish() {
  // Requests in flight finish (bounded by their own 30 s timeout); the live clients leave.
  const deadline = Date.now() + 40_000;
  while ((inFlight.size > 0 || sockets.size > 0) && Date.now() < deadline) await sleep(100);
  for (const ws of sockets) ws.terminate();
  agent.destroy();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const result: SoakResult = {
    total: total.snapshot(sockets.size),
    errorSamples,
    wsClosedByServer,
    cpu: { userMs: Math.round(cpu.user / 1000), systemMs: Math.round(cpu.system / 1000), wallMs: Math.round(wallMs), cores: Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 100) / 100 },
  };
  fs.writeFileSync(outFile, JSON.stringify(result));
  process.send!({ type: 'done', final: interval.snapshot(0) }, () => process.exit(0));
}

// Bounded: the parent ends this process; should it die, this ends too.
process.on('disconnect', () => process.exit(3));

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
