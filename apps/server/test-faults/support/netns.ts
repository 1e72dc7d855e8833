import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// The fault suite's stranger lives in a network namespace that the test makes itself: its own
// network stack with one veth pair to this machine. The pair gets a /30 of 10.231.0.0/16 (chosen
// at random, and not one this machine already uses); these addresses exist only inside this
// machine's namespaces. The stranger's only route is its /30: it can reach the host end's
// address and nothing else, and the test sends nothing to any other address. So the tests hold
// on a machine whose only address is loopback, and never depend on the machine's own network.
// Needs root (CAP_NET_ADMIN), as CI and this machine run the tests; without it the test fails
// with a message that says so, rather than skipping.

const run = promisify(execFile);
const AGENT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stranger-agent.mjs');

export interface StrangerNamespace {
  /** The namespace's name (`ip netns list`). */
  readonly name: string;
  /** This machine's end of the veth pair: where the stranger can reach the app. */
  readonly hostAddress: string;
  /** The stranger's address, inside the namespace: what the app sees as its peer. */
  readonly strangerAddress: string;
  /** Runs `node <script> ...args` inside the namespace. */
  spawnNode(script: string, args?: string[]): ChildProcess;
  /** Deletes the veth pair and the namespace (also on failure; safe to call twice). */
  close(): Promise<void>;
}

const open = new Set<{ name: string; hostIf: string }>();
// A test process that dies without its afterAll still leaves nothing behind.
process.once('exit', () => {
  for (const ns of open) removeNow(ns);
});

function removeNow(ns: { name: string; hostIf: string }) {
  for (const args of [['link', 'del', ns.hostIf], ['netns', 'del', ns.name]]) {
    try {
      execFileSync('ip', args, { stdio: 'ignore' });
    } catch {
      // already gone
    }
  }
  open.delete(ns);
}

function addressesInUse(): Set<string> {
  const used = new Set<string>();
  for (const list of Object.values(os.networkInterfaces())) for (const a of list ?? []) used.add(a.address);
  return used;
}

/** A free /30 of 10.231.0.0/16: its host and stranger addresses. */
function pickSubnet(): { host: string; stranger: string } {
  const used = addressesInUse();
  for (let tries = 0; tries < 100; tries++) {
    const n = randomInt(0, 16384); // 16,384 /30 networks in the /16
    const base = n * 4;
    const at = (i: number) => `10.231.${(base + i) >> 8}.${(base + i) & 255}`;
    if (![0, 1, 2, 3].some((i) => used.has(at(i)))) return { host: at(1), stranger: at(2) };
  }
  throw new Error('no free /30 left in 10.231.0.0/16 on this machine');
}

async function ip(args: string[]) {
  try {
    await run('ip', args);
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim() ?? String(err);
    throw new Error(`ip ${args.join(' ')}: ${stderr}`);
  }
}

export interface NamespacePlan {
  name: string;
  hostIf: string;
  nsIf: string;
  hostAddress: string;
  strangerAddress: string;
}

/** The names and addresses of a namespace not made yet (known at once, so tests can name them early). */
export function planStrangerNamespace(): NamespacePlan {
  const id = randomBytes(4).toString('hex');
  const { host, stranger } = pickSubnet();
  // Interface names hold at most 15 characters.
  return { name: `aesa-stranger-${process.pid}-${id}`, hostIf: `vsh${id}`, nsIf: `vsn${id}`, hostAddress: host, strangerAddress: stranger };
}

/**
 * Makes a namespace with a veth pair: `ip netns add`, the pair with one end moved inside, a /30
 * on both ends, both up. Anything that fails undoes what was made and throws, saying that the
 * stranger's namespace needs root.
 */
export async function createStrangerNamespace(plan: NamespacePlan = planStrangerNamespace()): Promise<StrangerNamespace> {
  const { name, hostIf, nsIf, hostAddress: host, strangerAddress: stranger } = plan;
  const entry = { name, hostIf };
  open.add(entry);
  try {
    await ip(['netns', 'add', name]);
    await ip(['link', 'add', hostIf, 'type', 'veth', 'peer', 'name', nsIf, 'netns', name]);
    await ip(['addr', 'add', `${host}/30`, 'dev', hostIf]);
    await ip(['link', 'set', hostIf, 'up']);
    await ip(['-n', name, 'addr', 'add', `${stranger}/30`, 'dev', nsIf]);
    await ip(['-n', name, 'link', 'set', nsIf, 'up']);
    await ip(['-n', name, 'link', 'set', 'lo', 'up']);
  } catch (err) {
    removeNow(entry);
    const root = process.getuid?.() === 0 ? '' : ` (this process runs as uid ${process.getuid?.()}, not root)`;
    throw new Error(
      `The fault tests' stranger needs a network namespace of its own (ip netns add, a veth pair), which needs root or CAP_NET_ADMIN${root}. ` +
        `Run the fault suite as root, as CI does. The failed step: ${(err as Error).message}`,
    );
  }
  return {
    name,
    hostAddress: host,
    strangerAddress: stranger,
    spawnNode: (script, args = []) => spawn('ip', ['netns', 'exec', name, process.execPath, script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] }),
    close: async () => {
      if (!open.has(entry)) return;
      removeNow(entry);
    },
  };
}

export interface AgentRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** A body of bytes (an upload), sent as is. */
  bodyBase64?: string;
}

export interface AgentResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body's bytes as sent (a compressed page is not text). */
  bodyBase64: string;
}

export interface FloodResult {
  status: number;
  retryAfter: string | null;
  code: string | null;
  ms: number;
}

/** The stranger's HTTP client, running inside the namespace (stranger-agent.mjs). */
export interface StrangerAgent {
  request(port: number, req: AgentRequest): Promise<AgentResponse>;
  /** Sends every request, `concurrency` at a time over kept-alive connections; the results in order. */
  flood(port: number, requests: AgentRequest[], concurrency: number): Promise<FloodResult[]>;
  stop(): Promise<void>;
}

/** Starts the stranger's client inside `ns`; it sends only to the host end's address. */
export async function startStrangerAgent(ns: StrangerNamespace): Promise<StrangerAgent> {
  const child = ns.spawnNode(AGENT);
  const pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let exited: Error | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const msg = JSON.parse(line) as { id?: number; ready?: true; error?: string };
      if (msg.ready) return resolve();
      const waiter = pending.get(msg.id!);
      if (!waiter) return;
      pending.delete(msg.id!);
      if (msg.error) waiter.reject(new Error(`the stranger's request failed: ${msg.error}`));
      else waiter.resolve(msg);
    });
    child.once('exit', (code, signal) => {
      exited = new Error(`the stranger's client in namespace ${ns.name} exited (${signal ?? `code ${code}`})`);
      reject(exited);
      for (const w of pending.values()) w.reject(exited);
      pending.clear();
    });
  });
  await ready;
  const call = (cmd: Record<string, unknown>) =>
    new Promise<any>((resolve, reject) => {
      if (exited) return reject(exited);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.stdin!.write(`${JSON.stringify({ id, host: ns.hostAddress, ...cmd })}\n`);
    });
  return {
    request: async (port, req) => (await call({ op: 'request', port, req })).response as AgentResponse,
    flood: async (port, requests, concurrency) => (await call({ op: 'flood', port, requests, concurrency })).results as FloodResult[],
    stop: async () => {
      if (exited) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
      await gone;
      clearTimeout(timer);
    },
  };
}
