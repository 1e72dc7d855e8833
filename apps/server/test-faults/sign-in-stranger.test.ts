import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SERVER_MSG } from '@aesa/shared/messages';
import { rateLimitHits } from '../src/db/schema.ts';
import { PLACES_PER_ADDRESS } from '../src/lib/password-pool.ts';
import { passwordPool } from '../src/lib/passwords.ts';
import { LOCKOUT_FAILURES } from '../src/modules/auth/secret-attempts.ts';
import { createMember, PASSWORD } from '../test/support/factories.ts';
import { refusal } from '../test/support/refusal.ts';
import { useTestApp } from '../test/support/use-test-app.ts';
import type { AgentRequest } from './support/netns.ts';
import { listenForStrangers, rawRequest, strangerAddress, strangerFlood, type RawResponse } from './support/stranger.ts';

// A stranger on the network (its own network namespace: support/netns.ts) tries to turn members
// away at sign-in, while the members sign in from other addresses (loopback's, one per member). The stranger may
// slow itself down, never them: the password links are checked before any hash, one address
// holds at most its share of the password pool, its refusals are answered from memory without a
// database write, and the lockout counts per account and address.

const t = useTestApp();
const server = listenForStrangers(t);

const signIn = (matric: string, password: string) => ({ method: 'POST', path: '/api/auth/token', body: { matric_number: matric, password } });
const bogusReset = (i: number): AgentRequest => ({ method: 'POST', path: '/api/auth/reset-password-confirm', body: { token: `bogus-${i}-${'x'.repeat(40)}`, new_password: 'a-long-new-pass-9' } });

/**
 * A member signing in from loopback, from a device of its own (one of 127.0.0.0/8's addresses),
 * as a browser would: on 503 it waits the Retry-After it was given and tries again. Answers every
 * response, the last one the verdict.
 */
async function memberSignsIn(matric: string, device: number, deadline: number): Promise<RawResponse[]> {
  const answers: RawResponse[] = [];
  for (;;) {
    const res = await rawRequest(server.port, { ...signIn(matric, PASSWORD), from: 'loopback', loopbackAddress: `127.0.0.${device + 2}` });
    answers.push(res);
    if (res.status !== 503 || Date.now() > deadline) return answers;
    const wait = Number(res.headers['retry-after']);
    if (!(wait >= 1)) return answers; // a 503 without Retry-After: the test fails on it below
    await new Promise((r) => setTimeout(r, wait * 1000));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// The tests share one app and one stranger: the lockout first, before the storm spends the
// stranger's sign-ins of the window (100 per address in 15 minutes).
describe('a stranger at the sign-in', () => {
  it('cannot lock out a member who signs in from another address, and its own lockout still holds against it', async () => {
    const member = await createMember(t.app);
    const guesses = Array.from({ length: LOCKOUT_FAILURES + 5 }, (_, i) => signIn(member.matric_number, `wrong-guess-${i}`));
    const tried = await strangerFlood(server.port, guesses, 2);
    expect(tried.filter((r) => r.status === 401).length).toBe(LOCKOUT_FAILURES);
    expect(tried.filter((r) => r.status === 429).map((r) => r.code)).toEqual(Array<string>(5).fill('AUTH_ACCOUNT_LOCKED'));
    // Even the right password, from the stranger's address: refused unchecked.
    const stranger = await rawRequest(server.port, signIn(member.matric_number, PASSWORD));
    expect(stranger.status).toBe(429);
    expect(stranger.json()).toEqual(refusal(SERVER_MSG.accountLocked, 'AUTH_ACCOUNT_LOCKED'));
    // The member, from another address, signs in.
    const own = await rawRequest(server.port, { ...signIn(member.matric_number, PASSWORD), from: 'loopback' });
    expect(own.status, own.body).toBe(200);
    expect(own.json().token).toBeTruthy();
  });

  it('300 bogus reset tokens and 300 wrong sign-ins in parallel from the stranger: all 20 members signing in meanwhile from loopback are signed in', async () => {
    const members = [];
    for (let i = 0; i < 20; i++) members.push(await createMember(t.app)); // one hash at a time: the pool's own bound

    // The wrong sign-ins aim at the members' own accounts (matric numbers are public on /members).
    const attack: AgentRequest[] = [];
    for (let i = 0; i < 300; i++) {
      attack.push(bogusReset(i));
      attack.push(signIn(members[i % members.length]!.matric_number, `wrong-guess-${i}`));
    }
    // How many places of the password pool the stranger holds, looked at every few milliseconds.
    let strangerPlaces = 0;
    const sampler = setInterval(() => (strangerPlaces = Math.max(strangerPlaces, passwordPool.heldBy(strangerAddress()))), 2);
    const flood = strangerFlood(server.port, attack, attack.length).finally(() => clearInterval(sampler));
    await new Promise((r) => setTimeout(r, 100)); // the stranger's requests are arriving
    const deadline = Date.now() + 30_000;
    const started = performance.now();
    const signIns = await Promise.all(members.map((m, i) => memberSignsIn(m.matric_number, i, deadline)));
    const membersMs = performance.now() - started;
    const stranger = await flood;

    for (const [i, answers] of signIns.entries()) {
      const last = answers.at(-1)!;
      expect(last.status, `member ${i}: ${answers.map((a) => a.status).join(', ')}`).toBe(200);
      expect(last.json().token).toBeTruthy();
      for (const a of answers.slice(0, -1)) {
        expect(a.status, `member ${i} before the success`).toBe(503);
        expect(a.json()).toEqual({ success: false, error: SERVER_MSG.signInBusy, code: 'AUTH_SIGN_IN_BUSY' });
        expect(Number(a.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      // Signed in at once, or at the retry it was told to make.
      expect(answers.length, `member ${i}: ${answers.map((a) => `${a.status} ${a.headers['retry-after'] ?? ''}`).join(', ')}`).toBeLessThanOrEqual(PLACES_PER_ADDRESS);
    }
    expect(membersMs, 'the 20 members signed in within').toBeLessThan(15_000);

    // The stranger got answers on their merits or was told to retry: nothing else.
    const resets = stranger.filter((_, i) => i % 2 === 0);
    const guesses = stranger.filter((_, i) => i % 2 === 1);
    // A bogus link costs no password check: never a 503 from the pool.
    for (const r of resets) expect(['400 AUTH_RESET_LINK_INVALID', '429 RATE_LIMITED']).toContain(`${r.status} ${r.code}`);
    expect(resets.filter((r) => r.status === 400).length, 'bogus links refused on their merits').toBeGreaterThan(0);
    for (const g of guesses) expect([401, 429, 503], JSON.stringify(g)).toContain(g.status);
    for (const r of stranger.filter((r) => r.status === 503 || r.status === 429)) expect(Number(r.retryAfter), JSON.stringify(r)).toBeGreaterThanOrEqual(1);
    expect(guesses.filter((g) => g.status === 503).length, 'the stranger was told to retry').toBeGreaterThan(0);
    expect(strangerPlaces, 'the most places of the password pool the stranger held').toBeGreaterThan(0);
    expect(strangerPlaces, 'the most places of the password pool the stranger held').toBeLessThanOrEqual(PLACES_PER_ADDRESS);
  });

  it("a flood of 2,000 refused requests is answered from memory: an unrelated page's median stays within 2x of its quiet figure, and the limiter's row is not written", async () => {
    const page = async () => {
      const started = performance.now();
      const res = await rawRequest(server.port, { path: '/api/events', from: 'loopback' });
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
    const forgot = (i: number): AgentRequest => ({ method: 'POST', path: '/api/auth/forgot-password', body: { email: `nobody-${i}@example.test` } });
    // The stranger uses up its mail limit (10 in 15 minutes): from the 11th on it is refused.
    const first = await strangerFlood(server.port, Array.from({ length: 11 }, (_, i) => forgot(i)), 1);
    expect(first.map((r) => r.status)).toEqual([...Array<number>(10).fill(200), 429]);
    const row = () =>
      t.app.db
        .select({ hits: rateLimitHits.hits })
        .from(rateLimitHits)
        .where(eq(rateLimitHits.key, `POST /api/auth/forgot-password|${strangerAddress()}`));
    expect(await row()).toEqual([{ hits: 11 }]);

    for (let i = 0; i < 10; i++) await page(); // warm
    const quiet: number[] = [];
    for (let i = 0; i < 40; i++) quiet.push(await page());

    const during: number[] = [];
    let done = false;
    // Over 40 connections, each sending its next request as soon as it has an answer.
    const flood = strangerFlood(server.port, Array.from({ length: 2000 }, (_, i) => forgot(100 + i)), 40).finally(() => (done = true));
    while (!done) during.push(await page());
    const refused = await flood;

    expect(refused.filter((r) => r.status !== 429 || r.code !== 'RATE_LIMITED'), 'every request of the flood refused').toEqual([]);
    for (const r of refused) expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
    // Counted in this process's memory, not in the database.
    expect(await row()).toEqual([{ hits: 11 }]);
    expect(during.length, 'pages measured during the flood').toBeGreaterThanOrEqual(10);
    const quietMs = median(quiet);
    const floodMs = median(during);
    expect(floodMs, `median during the flood ${floodMs.toFixed(1)} ms, quiet ${quietMs.toFixed(1)} ms (${during.length} pages)`).toBeLessThanOrEqual(2 * quietMs);
  });
});
