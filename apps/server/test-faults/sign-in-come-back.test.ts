import { describe, expect, it } from 'vitest';
import { passwordPool } from '../src/lib/passwords.ts';
import { createMember, PASSWORD } from '../test/support/factories.ts';
import { useTestApp } from '../test/support/use-test-app.ts';
import { listenForStrangers, rawRequest } from './support/stranger.ts';

// A crowd keeps the password pool's queue over its bound. A member turned away is told a moment of
// their own to come back (Retry-After); coming back then, over HTTP as the login page does, they
// are let in although the queue is still long, while a newcomer is still turned away (decision 088).

const MAX_WAIT_MS = 1000;
const t = useTestApp({ passwordPool: { size: 1, maxWaitMs: MAX_WAIT_MS } });
const server = listenForStrangers(t);

const signIn = (matric: string, password: string, device: number) => ({
  method: 'POST',
  path: '/api/auth/token',
  body: { matric_number: matric, password },
  from: 'loopback' as const,
  loopbackAddress: `127.0.0.${device}`,
});

describe('a member told to come back', () => {
  it('is let in at their moment while the queue is still over its bound, and a newcomer is not', async () => {
    const member = await createMember(t.app);

    // The crowd: checks held in the real pool until the test lets them go, two seconds of queue.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    passwordPool.configure(1, 60_000);
    const crowd: Promise<void>[] = [];
    while (passwordPool.estimatedWaitMs() < 2 * MAX_WAIT_MS && crowd.length < 10_000) crowd.push(passwordPool.run(() => held));
    passwordPool.configure(1, MAX_WAIT_MS);
    try {
      const first = await rawRequest(server.port, signIn(member.matric_number, PASSWORD, 2));
      expect(first.status, first.body).toBe(503);
      const moment = Number(first.headers['retry-after']);
      expect(moment).toBeGreaterThanOrEqual(2); // the queue's 2 s, and a share of the pool after it

      await new Promise((r) => setTimeout(r, moment * 1000));
      expect(passwordPool.estimatedWaitMs(), 'the queue is still over its bound').toBeGreaterThan(MAX_WAIT_MS);
      const pending = passwordPool.pending;
      const again = rawRequest(server.port, signIn(member.matric_number, PASSWORD, 2));
      const deadline = Date.now() + 10_000;
      while (passwordPool.pending === pending && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(passwordPool.pending, "the member's check waits in the pool").toBe(pending + 1);

      const newcomer = await rawRequest(server.port, signIn('NOBODY-HERE', 'not-the-password', 3));
      expect(newcomer.status, newcomer.body).toBe(503);
      expect(Number(newcomer.headers['retry-after'])).toBeGreaterThanOrEqual(1);

      release();
      const signedIn = await again;
      expect(signedIn.status, signedIn.body).toBe(200);
      expect(signedIn.json().token).toBeTruthy();
    } finally {
      release();
      await Promise.all(crowd);
    }
  });
});
