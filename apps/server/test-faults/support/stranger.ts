import http from 'node:http';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { beforeAll } from 'vitest';
import type { TestApp } from '../../test/support/test-app.ts';

// Attacks in this suite come over a real TCP connection from the machine's own non-loopback
// address, as a stranger on the network would arrive: app.inject cannot prove that a rule keyed
// on the peer address (the dev mailbox, proxies, per-address limits) holds on a real socket.

/** The machine's first non-loopback IPv4 address; a test that needs one fails without it. */
export function strangerAddress(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  throw new Error('this machine has no non-loopback IPv4 address to attack from (hostname -I)');
}

/** Listens on every address on a free port and answers that port. */
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
  json<T = any>(): T;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Where the request comes from: 'stranger' (default) or 'loopback'. */
  from?: 'stranger' | 'loopback';
}

/** One HTTP request to the app on `port`, from the stranger's address or from loopback. */
export function rawRequest(port: number, req: RawRequest): Promise<RawResponse> {
  const host = req.from === 'loopback' ? '127.0.0.1' : strangerAddress();
  const payload = req.body === undefined ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
  const headers: Record<string, string> = { ...req.headers };
  if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const r = http.request({ host, localAddress: host, port, method: req.method ?? 'GET', path: req.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) });
      });
    });
    r.on('error', reject);
    if (payload !== undefined) r.write(payload);
    r.end();
  });
}
