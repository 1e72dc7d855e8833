import { describe, expect, it } from 'vitest';
import { ComeBackTickets, COME_BACK_TICKET_KEY_LABEL } from '../src/lib/come-back-ticket.ts';
import { derivedKey } from '../src/lib/derived-key.ts';
import { passwordPool } from '../src/lib/passwords.ts';
import { createMember, PASSWORD } from '../test/support/factories.ts';
import { useTestApp } from '../test/support/use-test-app.ts';
import { listenForStrangers, rawRequest, strangerAddress, strangerFlood } from './support/stranger.ts';

// A crowd keeps the password pool's queue over its bound. A member turned away is told a moment of
// their own to come back (Retry-After); coming back then, over HTTP as the login page does, they
// are let in although the queue is still long, while a newcomer is still turned away. A stranger
// on the network (its own namespace) who floods the sign-in meanwhile is given one moment, and
// pushes nobody else's back (decision 088). The moment comes with a signed ticket that any server
// process honours; a ticket is worth nothing from another address or changed (decision 089).

const MAX_WAIT_MS = 1000;
const t = useTestApp({ passwordPool: { size: 1, maxWaitMs: MAX_WAIT_MS } });
const server = listenForStrangers(t);

const signIn = (matric: string, password: string, device: number, ticket?: string) => ({
  method: 'POST',
  path: '/api/auth/token',
  headers: ticket ? { 'come-back-ticket': ticket } : undefined,
  body: { matric_number: matric, password },
  from: 'loopback' as const,
  loopbackAddress: `127.0.0.${device}`,
});

/** A ticket as any process of this server signs it, for `address`, its moment a second ago. */
const dueTicket = (address: string) => new ComeBackTickets(derivedKey(t.app.config, COME_BACK_TICKET_KEY_LABEL)).issue(address, Date.now() - 1000);

/** Waits until a check more than `pending` is in the pool (a sign-in let in), or 10 s. */
async function admittedBeyond(pending: number) {
  const deadline = Date.now() + 10_000;
  while (passwordPool.pending === pending && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return passwordPool.pending;
}

/** Checks held in the real pool until `release`: two seconds of queue, over its bound. */
function holdTheQueue() {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  passwordPool.configure(1, 60_000);
  const crowd: Promise<void>[] = [];
  while (passwordPool.estimatedWaitMs() < 2 * MAX_WAIT_MS && crowd.length < 10_000) crowd.push(passwordPool.run(() => held));
  passwordPool.configure(1, MAX_WAIT_MS);
  return {
    release,
    done: async () => {
      release();
      await Promise.all(crowd);
    },
  };
}

/**
 * The latest moment the pool has given (on this process's clock, which the app shares), how far
 * apart it gives them, and the earliest moment the queue alone would give now.
 */
function latestMoment() {
  const { comeBackAheadMs, comeBackShareMs, estimatedWaitMs } = passwordPool.takeStats();
  const now = performance.now();
  return { at: now + comeBackAheadMs, shareMs: comeBackShareMs, queueAt: now + estimatedWaitMs };
}

describe('a member told to come back', () => {
  // First in the file: the held checks, once let go, end at once, and would count as checks of
  // no time at all in the quiet check time that spaces the moments.
  it("is not pushed back by a stranger's flood, forged addresses and all", async () => {
    const queue = holdTheQueue();
    try {
      const member = await rawRequest(server.port, signIn('NOBODY-ONE', 'not-the-password', 4));
      expect(member.status, member.body).toBe(503);
      const before = latestMoment();

      // 90 sign-ins at once from the stranger's own address (its sign-in limit is 100 in 15
      // minutes), each claiming another client in X-Forwarded-For, which this server does not trust;
      // and 4 with come-back tickets that would let it in now if they were honoured: the member's
      // (due), and forgeries of its own: a made-up signature, a moved moment, a changed signature.
      const ticket = dueTicket('127.0.0.4');
      const [moment, mac] = ticket.split('.') as [string, string];
      const changed = dueTicket(strangerAddress()).replace(/\.(.)/, (_, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
      const tickets = [ticket, `${moment}.${'A'.repeat(22)}`, `${Number(moment) - 5000}.${mac}`, changed];
      const requests = Array.from({ length: 94 }, (_, i) => ({
        method: 'POST',
        path: '/api/auth/token',
        headers: { 'x-forwarded-for': `10.9.${i}.1`, ...(i >= 90 && { 'come-back-ticket': tickets[i - 90]! }) },
        body: { matric_number: `STRANGER${i}`, password: 'not-the-password' },
      }));
      // A sign-in let in would wait behind the held queue: the flood would not end.
      const flood = await Promise.race([strangerFlood(server.port, requests, 20), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('a sign-in of the flood was let in')), 30_000))]);
      expect(flood.map((r) => r.status).filter((s) => s !== 503), 'the flood answered').toEqual([]);
      const told = flood.map((r) => Number(r.retryAfter));
      expect(Math.max(...told) - Math.min(...told), 'one moment for the stranger').toBeLessThanOrEqual(1);
      const after = latestMoment();
      // The stranger's first request was given one moment, a share after the member's or after
      // the queue's wait at that time (time moves the moments on, not the flood); the other 89 none.
      const allowed = Math.max(before.at, after.queueAt) + before.shareMs + 2;
      expect(after.at, `the latest moment, ${before.shareMs} ms apart, past the one allowed`).toBeLessThanOrEqual(allowed);

      const next = await rawRequest(server.port, signIn('NOBODY-TWO', 'not-the-password', 5));
      expect(next.status, next.body).toBe(503);
      expect(Number(next.headers['retry-after'])).toBeLessThanOrEqual(Number(member.headers['retry-after']) + 1);
    } finally {
      await queue.done();
    }
  });

  it('is let in at their moment while the queue is still over its bound, and a newcomer is not', async () => {
    const member = await createMember(t.app);
    const { release, done } = holdTheQueue();
    try {
      const first = await rawRequest(server.port, signIn(member.matric_number, PASSWORD, 2));
      expect(first.status, first.body).toBe(503);
      const moment = Number(first.headers['retry-after']);
      expect(moment).toBeGreaterThanOrEqual(2); // the queue's 2 s, and a share of the pool after it
      // The same moment, signed for this address, for whichever process the member comes back to.
      const ticket = String(first.headers['come-back-ticket']);
      const at = new ComeBackTickets(derivedKey(t.app.config, COME_BACK_TICKET_KEY_LABEL)).momentOf(ticket, '127.0.0.2');
      expect(at! - Date.now(), ticket).toBeGreaterThan((moment - 1) * 1000 - 200);
      expect(at! - Date.now()).toBeLessThanOrEqual(moment * 1000);

      await new Promise((r) => setTimeout(r, moment * 1000));
      expect(passwordPool.estimatedWaitMs(), 'the queue is still over its bound').toBeGreaterThan(MAX_WAIT_MS);
      const pending = passwordPool.pending;
      const again = rawRequest(server.port, signIn(member.matric_number, PASSWORD, 2));
      expect(await admittedBeyond(pending), "the member's check waits in the pool").toBe(pending + 1);

      const newcomer = await rawRequest(server.port, signIn('NOBODY-HERE', 'not-the-password', 3));
      expect(newcomer.status, newcomer.body).toBe(503);
      expect(Number(newcomer.headers['retry-after'])).toBeGreaterThanOrEqual(1);

      release();
      const signedIn = await again;
      expect(signedIn.status, signedIn.body).toBe(200);
      expect(signedIn.json().token).toBeTruthy();
    } finally {
      await done();
    }
  });

  it('is let in at the moment another process gave, by its ticket, and is a newcomer without it', async () => {
    // This process never turned the member away: the ticket stands for another process's moment,
    // signed with the key every process of this server derives.
    const member = await createMember(t.app);
    // The checks held and let go by the tests before ended at once; the time of a check is
    // measured again here, so that the held queue below is over its bound by its count too.
    for (let i = 0; i < 30; i++) passwordPool.measured(100);
    const { release, done } = holdTheQueue();
    try {
      const without = await rawRequest(server.port, signIn(member.matric_number, PASSWORD, 7));
      expect(without.status, 'the member without the ticket is a newcomer here').toBe(503);

      const pending = passwordPool.pending;
      const withTicket = rawRequest(server.port, signIn(member.matric_number, PASSWORD, 7, dueTicket('127.0.0.7')));
      expect(await admittedBeyond(pending), 'the member with the ticket waits in the pool').toBe(pending + 1);
      release();
      expect((await withTicket).status).toBe(200);
    } finally {
      await done();
    }
  });
});
