import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from '../../test/support/test-app.ts';
import { createStrangerNamespace, planStrangerNamespace, startStrangerAgent, type AgentRequest, type FloodResult, type StrangerAgent, type StrangerNamespace } from './netns.ts';

// Attacks in this suite come over a real TCP connection from a stranger's own address: a
// network namespace that this test file makes (netns.ts), joined to this machine by a veth pair.
// The stranger's client runs inside it, so the app sees a peer that is neither loopback nor any
// address of this machine, as a stranger on the network would arrive; app.inject cannot prove
// that a rule keyed on the peer address (the dev mailbox, proxies, per-address limits) holds on
// a real socket. The namespace is made at the file's first stranger request and deleted after
// the file's tests (and at exit, whatever happened).

const plan = planStrangerNamespace();
let made: Promise<{ ns: StrangerNamespace; agent: StrangerAgent }> | undefined;

function stranger() {
  made ??= (async () => {
    const ns = await createStrangerNamespace(plan);
    try {
      return { ns, agent: await startStrangerAgent(ns) };
    } catch (err) {
      await ns.close();
      throw err;
    }
  })();
  return made;
}

afterAll(async () => {
  if (!made) return;
  const current = made;
  made = undefined;
  const { ns, agent } = await current.catch(() => ({ ns: undefined, agent: undefined }));
  await agent?.stop();
  await ns?.close();
});

/** The stranger's address (in its namespace): what the app sees as the stranger's peer. */
export function strangerAddress(): string {
  return plan.strangerAddress;
}

/** Sends `requests` from the stranger, `concurrency` at a time; each result's status, Retry-After, code and time. */
export async function strangerFlood(port: number, requests: AgentRequest[], concurrency: number): Promise<FloodResult[]> {
  return (await stranger()).agent.flood(port, requests, concurrency);
}

/**
 * Listens on every address on a free port and answers that port: loopback, for the members and
 * the proxy, and the host end of the stranger's veth pair, the one address the stranger reaches.
 */
export async function listenOnAllAddresses(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '0.0.0.0', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

/**
 * Has the test app (from useTestApp or useTestAppWithMail, called first) listen on every address
 * before the tests, so the stranger's address reaches it over TCP; `port` is where. The app's own
 * afterAll closes the listener with it.
 */
export function listenForStrangers(t: TestApp): { readonly port: number } {
  let port: number | undefined;
  beforeAll(async () => {
    port = await listenOnAllAddresses(t.app);
  });
  return {
    get port() {
      if (port === undefined) throw new Error('the test app is not listening yet: use its port inside a test or a hook');
      return port;
    },
  };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body's bytes as sent (a compressed page is not text). */
  bytes: Buffer;
  json<T = any>(): T;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** A body of bytes (an upload), sent as is; instead of `body`. */
  bytes?: Buffer;
  /** Where the request comes from: 'stranger' (default: from its namespace) or 'loopback'. */
  from?: 'stranger' | 'loopback';
  /** From loopback: which of its addresses (127.0.0.1 unless given; any of 127.0.0.0/8). */
  loopbackAddress?: string;
}

/** One HTTP request to the app on `port`, from the stranger's namespace or from loopback. */
export async function rawRequest(port: number, req: RawRequest): Promise<RawResponse> {
  if (req.from !== 'loopback') {
    const { bytes, from: _from, ...rest } = req;
    const res = await (await stranger()).agent.request(port, { ...rest, ...(bytes && { bodyBase64: bytes.toString('base64') }) });
    return { status: res.status, headers: res.headers as http.IncomingHttpHeaders, body: res.body, bytes: Buffer.from(res.bodyBase64, 'base64'), json: () => JSON.parse(res.body) };
  }
  const host = '127.0.0.1';
  const localAddress = req.loopbackAddress ?? host;
  const payload = req.bytes ?? (req.body === undefined ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body));
  const headers: Record<string, string> = { ...req.headers };
  if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const r = http.request({ host, localAddress, port, method: req.method ?? 'GET', path: req.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const body = bytes.toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, bytes, json: () => JSON.parse(body) });
      });
    });
    r.on('error', reject);
    if (payload !== undefined) r.write(payload);
    r.end();
  });
}
