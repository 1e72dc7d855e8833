// Live-results clients, run as their own process: opens N WebSocket connections to /ws, joins
// each to one election room, and (between the parent's 'record' and 'stop') stamps the arrival
// of every vote-update on CLOCK_MONOTONIC, the clock the vote load stamps its 2xx with.
//   node --import tsx bench/children/ws-clients.ts <job.json> <result.json>   (IPC channel required)
import fs from 'node:fs';
import WebSocket from 'ws';
import { monoMs } from '../lib/stats.ts';

export interface WsJob {
  origin: string;
  electionId: string;
  count: number;
  /** Connections opened at once while connecting. */
  concurrency: number;
  connectTimeoutMs: number;
}

export interface WsReady {
  type: 'ready';
  joined: number;
  failed: number;
  firstError?: string;
  connectMs: number;
}

export interface WsResult {
  /** Per client: arrival times (mono ms) of vote-update messages while recording. */
  updates: number[][];
  events: Record<string, number>;
  closedEarly: number;
  firstUpdateSample?: string;
}

const job = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as WsJob;
const outFile = process.argv[3]!;
const wsUrl = job.origin.replace(/^http/, 'ws') + '/ws';
const sockets: WebSocket[] = [];
const updates: number[][] = [];
const events: Record<string, number> = {};
let recording = false;
let closedEarly = 0;
let stopping = false;
let firstError: string | undefined;
let firstUpdateSample: string | undefined;

function connect(index: number): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl, { origin: job.origin, perMessageDeflate: false });
    sockets[index] = ws;
    updates[index] = [];
    let joined = false;
    const timer = setTimeout(() => {
      if (!joined) {
        firstError ??= 'join timed out';
        resolve(false);
      }
    }, job.connectTimeoutMs);
    ws.on('open', () => ws.send(JSON.stringify({ event: 'join-election-room', electionId: job.electionId })));
    ws.on('message', (data) => {
      const at = monoMs();
      let event = '?';
      let text = '';
      try {
        text = data.toString();
        event = String((JSON.parse(text) as { event?: string; type?: string }).event ?? (JSON.parse(text) as { type?: string }).type);
      } catch {
        /* not JSON */
      }
      if (recording) events[event] = (events[event] ?? 0) + 1;
      if (!joined) {
        joined = true;
        clearTimeout(timer);
        if (event === 'error') firstError ??= text.slice(0, 300);
        resolve(event !== 'error');
        return;
      }
      if (event === 'vote-update' && recording) {
        updates[index]!.push(at);
        firstUpdateSample ??= text.slice(0, 500);
      }
    });
    ws.on('error', (err) => {
      firstError ??= err.message;
      if (!joined) {
        clearTimeout(timer);
        resolve(false);
      }
    });
    ws.on('close', () => {
      if (!stopping) closedEarly++;
    });
  });
}

async function main() {
  const t0 = performance.now();
  let joined = 0;
  let failed = 0;
  for (let i = 0; i < job.count; i += job.concurrency) {
    const batch = [];
    for (let j = i; j < Math.min(job.count, i + job.concurrency); j++) batch.push(connect(j));
    for (const ok of await Promise.all(batch)) {
      if (ok) joined++;
      else failed++;
    }
  }
  const ready: WsReady = { type: 'ready', joined, failed, firstError, connectMs: Math.round(performance.now() - t0) };
  process.send!(ready);
}

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'record') {
    recording = true;
  } else if (msg.type === 'stop') {
    recording = false;
    stopping = true;
    const result: WsResult = { updates, events, closedEarly, firstUpdateSample };
    fs.writeFileSync(outFile, JSON.stringify(result));
    for (const ws of sockets) ws?.terminate();
    process.exit(0);
  }
});
// Bounded: whatever happens, this process ends within five minutes.
setTimeout(() => process.exit(2), 300_000).unref();
process.on('disconnect', () => process.exit(3));

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
