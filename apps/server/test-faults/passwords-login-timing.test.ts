import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { LOCKOUT_WINDOW_MS } from '../src/modules/auth/secret-attempts.ts';
import { useTestApp } from '../test/support/use-test-app.ts';
import { createMember } from '../test/support/factories.ts';
import { listenForStrangers, rawRequest } from './support/stranger.ts';

// Whether a matric number has an account must not show in how long a failed login takes: an
// unknown one costs the same lock, statements and password hashing (against a dummy hash) as a
// known one with a wrong password. The hashing is most of the time, so a path that skipped it
// would answer many times faster. Measured as the median of interleaved tries over real TCP,
// with a bound generous enough for a loaded two-core machine; the smaller database work is kept
// equal by construction (both paths run the same function, secret-attempts.ts).

const t = useTestApp();
const tcp = listenForStrangers(t);

async function timedLogin(matric: string, password: string) {
  const started = performance.now();
  const res = await rawRequest(tcp.port, { method: 'POST', path: '/api/auth/token', body: { matric_number: matric, password } });
  const ms = performance.now() - started;
  expect(res.status).toBe(401);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('login time does not tell whether an account exists', () => {
  it('an unknown matric number takes as long as a known one with a wrong password (median of 15 each)', async () => {
    const user = await createMember(t.app);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 18; i++) {
      // Each known try starts a new lockout window, so that no try is refused unchecked.
      t.clock.advance(LOCKOUT_WINDOW_MS + 1000);
      const pair = i % 2 === 0
        ? [await timedLogin(user.matric_number, `wrong-guess-${i}`), await timedLogin(`NOBODY/${i}`, `wrong-guess-${i}`)]
        : [await timedLogin(`NOBODY/${i}`, `wrong-guess-${i}`), await timedLogin(user.matric_number, `wrong-guess-${i}`)].reverse();
      if (i < 3) continue; // warm-up
      known.push(pair[0]!);
      unknown.push(pair[1]!);
    }
    const ratio = median(unknown) / median(known);
    expect(ratio, `median unknown ${median(unknown).toFixed(1)} ms, known ${median(known).toFixed(1)} ms`).toBeGreaterThan(0.6);
    expect(ratio, `median unknown ${median(unknown).toFixed(1)} ms, known ${median(known).toFixed(1)} ms`).toBeLessThan(1 / 0.6);
  });

  it('an unknown matric number waits on its own per-account lock, as a known account does', async () => {
    const user = await createMember(t.app);
    // Holding the lock that a try of each takes: neither answers until it is released.
    for (const [matric, key] of [
      [user.matric_number, `account:${user.id}`],
      ['NOBODY/LOCKED', 'unknown:NOBODY/LOCKED'],
    ] as const) {
      const holder = new pg.Client({ connectionString: t.database.url });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select pg_advisory_xact_lock(hashtext($1))', [`secret-attempts:${key}`]);
        let answered = false;
        const pending = timedLogin(matric, 'wrong-guess-locked').then(() => (answered = true));
        await new Promise((r) => setTimeout(r, 400));
        expect(answered, matric).toBe(false);
        await holder.query('commit');
        await pending;
        expect(answered).toBe(true);
      } finally {
        await holder.end();
      }
    }
  });
});
