import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_SECONDS, PasswordPool, PasswordPoolBusy } from './password-pool.ts';

/** A check that ends when the test says so. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((r) => (open = r));
  return { open, check: () => done };
}

describe('PasswordPool', () => {
  it('runs at most `size` checks at once, the rest in arrival order', async () => {
    const pool = new PasswordPool(2, 60_000, 10);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    const runs = gates.map((g, i) => pool.run(() => (started.push(i), g.check())));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    await Promise.all([runs[0], runs[2]]);
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    gates[3]!.open();
    gates[4]!.open();
    await Promise.all(runs);
  });

  it('estimates the wait from the measured check time and the checks ahead', () => {
    const pool = new PasswordPool(2, 60_000, 100);
    expect(pool.estimatedWaitMs()).toBe(0);
    const g = gate();
    for (let i = 0; i < 2; i++) void pool.run(g.check);
    expect(pool.estimatedWaitMs()).toBe(100); // both slots busy: the next waits for one to end
    for (let i = 0; i < 3; i++) void pool.run(g.check);
    expect(pool.estimatedWaitMs()).toBe(200); // 3 waiting + itself = 4 releases, 2 at a time
    g.open();
  });

  it('refuses a check that would wait longer than allowed, with the seconds to wait, and counts it', async () => {
    const pool = new PasswordPool(1, 1000, 300);
    const g = gate();
    const admitted = [pool.run(g.check), pool.run(g.check), pool.run(g.check), pool.run(g.check)]; // waits 0, 300, 600, 900 ms
    expect(pool.estimatedWaitMs()).toBe(1200);
    await pool.run(g.check).then(
      () => expect.fail('not refused'),
      (err: unknown) => {
        expect(err).toBeInstanceOf(PasswordPoolBusy);
        expect((err as PasswordPoolBusy).retryAfterSeconds).toBe(2);
      },
    );
    // Nothing is queued by a refusal.
    expect(pool.takeStats()).toMatchObject({ refused: 1, running: 1, queued: 3 });
    g.open();
    await Promise.all(admitted);
    expect(pool.takeStats()).toMatchObject({ completed: 4, refused: 0, running: 0, queued: 0 });
  });

  it('follows the measured check time: slower checks mean fewer are queued before refusing', async () => {
    let now = 0;
    const pool = new PasswordPool(1, 1000, 50, () => now);
    for (let i = 0; i < 10; i++) {
      await pool.run(async () => {
        now += 400; // each check takes 400 ms
      });
    }
    expect(pool.takeStats().meanCheckMs).toBeGreaterThan(350);
    const g = gate();
    const first = pool.run(g.check); // running
    const second = pool.run(g.check); // waits ~400 ms
    const third = pool.run(g.check); // waits ~800 ms
    await expect(pool.run(g.check)).rejects.toBeInstanceOf(PasswordPoolBusy); // would wait ~1.2 s
    g.open();
    await Promise.all([first, second, third]);
  });

  it('a failing check frees its slot', async () => {
    const pool = new PasswordPool(1, 60_000, 10);
    await expect(pool.run(() => Promise.reject(new Error('bad hash')))).rejects.toThrow('bad hash');
    await expect(pool.run(() => Promise.resolve('ok'))).resolves.toBe('ok');
    expect(pool.takeStats()).toMatchObject({ running: 0, queued: 0 });
  });
});

describe('PasswordPool: the crowd it turns away', () => {
  /** A pool of 2 slots, checks of 100 ms, at most 1 s of queue, with `queued` checks in it (22: a wait of 1.1 s). */
  function fullPool(queued = 22) {
    const clock = { now: 0 };
    const pool = new PasswordPool(2, 60_000, 100, () => clock.now);
    const g = gate();
    for (let i = 0; i < queued; i++) void pool.run(g.check);
    pool.configure(2, 1000);
    const refusal = (address: string | null = null) => {
      try {
        pool.admit(address);
      } catch (err) {
        return (err as PasswordPoolBusy).retryAfterSeconds;
      }
      return expect.fail('admitted');
    };
    return { clock, pool, refusal, admits: (address: string, toldElsewhereInMs?: number) => (pool.admit(address, toldElsewhereInMs), true), open: g.open, stats: () => pool.takeStats() };
  }

  it('tells each member turned away a later moment, at the pace the pool takes checks', () => {
    const { refusal, open } = fullPool();
    const told = Array.from({ length: 100 }, refusal);
    // The first comes back once the queue has gone through, with its own share of the pool after it.
    expect(told[0]).toBe(2); // 1.1 s + 50 ms
    expect(told).toEqual([...told].sort((a, b) => a - b));
    // 2 slots of 100 ms take 20 checks a second: no second is given to more than 20 members.
    const perSecond = new Map<number, number>();
    for (const s of told) perSecond.set(s, (perSecond.get(s) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(20);
    expect(told.at(-1)).toBe(7); // 1.1 s + 100 x 50 ms
    open();
  });

  it('paces the moments by the check time of a quiet machine, not by the slower checks of the crowd', async () => {
    const clock = { now: 0 };
    const pool = new PasswordPool(2, 60_000, 100, () => clock.now);
    const timed = (ms: number) => pool.run(async () => void (clock.now += ms));
    for (let i = 0; i < 20; i++) await timed(100); // quiet: 100 ms a check
    for (let i = 0; i < 20; i++) await timed(400); // the crowd: 400 ms a check
    const g = gate();
    for (let i = 0; i < 8; i++) void pool.run(g.check); // a wait of 4 checks' time
    pool.configure(2, 1000);
    const told: number[] = [];
    for (let i = 0; i < 41; i++) {
      try {
        pool.admit();
      } catch (err) {
        told.push((err as PasswordPoolBusy).retryAfterSeconds);
      }
    }
    // The queue's wait is counted at the crowd's pace (about 1.6 s), the moments after it at 50 ms
    // apart (100 ms / 2 slots): 41 of them span about 2 s more, not 8.
    expect(told[0]).toBe(2);
    expect(told.at(-1)).toBe(4);
    g.open();
  });

  it('never tells anyone to wait more than three minutes, and the moments move on with time', () => {
    const { clock, refusal, open } = fullPool();
    const told = Array.from({ length: 5000 }, refusal);
    expect(Math.max(...told)).toBe(MAX_RETRY_AFTER_SECONDS);
    clock.now += MAX_RETRY_AFTER_SECONDS * 1000 - 10_000;
    expect(refusal()).toBe(11); // the moment given last is now 10 s away (and 50 ms more)
    clock.now += 600_000; // long after: the queue's own wait again
    expect(refusal()).toBe(2);
    open();
  });

  it('forgets the moments that are no longer due, and only those', () => {
    const { clock, refusal, pool, open } = fullPool();
    for (let i = 0; i < 3000; i++) refusal(`10.1.${i >> 8}.${i & 255}`);
    expect(pool.toldCount).toBe(3000);
    // The moments given are 1.15 s, 1.2 s, ... from the start, 50 ms apart (the pool's pace). At
    // 35 s the first 77 (before 5 s) are more than half a minute past: they go, the rest stay.
    clock.now += 35_000;
    refusal('10.2.0.1');
    expect(pool.toldCount).toBe(3000 - 77 + 1);
    // Once every moment is long past, only the one given now is left.
    clock.now += 600_000;
    refusal('10.2.0.2');
    expect(pool.toldCount).toBe(1);
    open();
  });

  it('says three minutes at the cap on any clock, in whole seconds', () => {
    const { clock, refusal, open } = fullPool();
    // A clock where `now + 180 s - now` comes out a hair over 180 s in floating point.
    clock.now = 234858.0780899734;
    expect(Math.max(...Array.from({ length: 5000 }, refusal))).toBe(MAX_RETRY_AFTER_SECONDS);
    open();
  });

  it('tells an address that asks again before its moment the same moment, and moves nobody else back', () => {
    const { refusal, open } = fullPool();
    expect(refusal('10.0.0.2')).toBe(2); // 1.15 s
    for (let i = 0; i < 500; i++) expect(refusal('10.0.0.2')).toBe(2);
    expect(refusal('10.0.0.3')).toBe(2); // 1.2 s: one share after the first, not 500
    open();
  });

  it('takes a member who comes back at their moment although the queue is still too long', () => {
    const { clock, refusal, admits, open } = fullPool();
    expect(refusal('10.0.0.2')).toBe(2); // due 1.15 s from now
    expect(refusal('10.0.0.3')).toBe(2); // due 1.2 s from now
    clock.now += 1150;
    expect(admits('10.0.0.2')).toBe(true); // back at its moment: taken
    expect(refusal('10.0.0.3')).toBe(1); // not yet due: the same moment, 50 ms on
    expect(refusal('10.0.0.4')).toBeGreaterThanOrEqual(2); // new in the crowd: turned away
    clock.now += 30_000;
    expect(admits('10.0.0.3')).toBe(true); // half a minute late still counts
    clock.now += 1000;
    expect(refusal('10.0.0.3')).toBe(2); // later than that: a new moment, the queue's 1.1 s and a share on
    open();
  });

  it('takes a member due back at a moment another process gave (its ticket), as at its own', () => {
    // Two processes' pools, each full; process A turns two members away, each with a moment.
    const a = fullPool();
    const b = fullPool();
    const toldByA = (address: string) => {
      try {
        a.admits(address);
      } catch (err) {
        return (err as PasswordPoolBusy).comeBackInMs!;
      }
      return expect.fail('admitted');
    };
    expect(toldByA('10.0.0.2')).toBe(1150);
    expect(toldByA('10.0.0.5')).toBe(1200);
    const atB = (address: string, toldInMs?: number) => {
      try {
        return b.admits(address, toldInMs === undefined ? undefined : toldInMs - b.clock.now);
      } catch (err) {
        return (err as PasswordPoolBusy).comeBackInMs;
      }
    };
    // Early at B: the same moment again, not one behind B's own crowd.
    expect(atB('10.0.0.2', 1150)).toBe(1150);
    b.clock.now += 1200;
    expect(atB('10.0.0.5')).toBeGreaterThanOrEqual(1000); // without its ticket, B does not know the member
    expect(atB('10.0.0.2', 1150)).toBe(true); // with it: due at B, which never told it
    expect(atB('10.0.0.2')).toBe(true); // and from then on B knows it (the check's own admission)
    expect(b.stats().dueByTicket, 'counted once, as let in by a moment B did not give').toBe(1);
    expect(b.refusal('10.0.0.3')).toBeGreaterThanOrEqual(1); // a newcomer is still turned away
    b.clock.now += 60_000;
    expect(atB('10.0.0.5', 1200)).toBeGreaterThanOrEqual(1000); // a minute late: new again
    a.open();
    b.open();
  });

  it('turns away even a member due back once the queue is over three times its bound', () => {
    const { clock, refusal, open } = fullPool(82); // a wait of 4.1 s
    expect(refusal('10.0.0.2')).toBe(5);
    clock.now += 4150;
    expect(refusal('10.0.0.2')).toBe(5); // due, but the queue is too long: a new moment
    open();
  });
});

describe('PasswordPool.admit', () => {
  it('refuses, before any work, what `run` would refuse now, and admits what it would run', () => {
    const pool = new PasswordPool(1, 1000, 300);
    expect(() => pool.admit()).not.toThrow();
    const g = gate();
    for (let i = 0; i < 4; i++) void pool.run(g.check); // waits 0, 300, 600, 900 ms
    expect(() => pool.admit()).toThrow(PasswordPoolBusy);
    expect(pool.takeStats()).toMatchObject({ refused: 1, running: 1, queued: 3 });
    g.open();
  });
});

describe('PasswordPool: the share of one client address', () => {
  it('gives one address at most its places, tells it to retry, and keeps admitting other addresses', async () => {
    const pool = new PasswordPool(1, 60_000, 100, undefined, 2);
    const g = gate();
    const stranger = [pool.run(g.check, '10.0.0.2'), pool.run(g.check, '10.0.0.2')];
    expect(pool.heldBy('10.0.0.2')).toBe(2);
    let refused: unknown;
    await pool.run(g.check, '10.0.0.2').catch((err: unknown) => (refused = err));
    expect(refused).toBeInstanceOf(PasswordPoolBusy);
    // Its two checks (100 ms each, one waiting) are through within a second: retry after 1 s.
    expect((refused as PasswordPoolBusy).retryAfterSeconds).toBe(1);
    expect(() => pool.admit('10.0.0.2')).toThrow(PasswordPoolBusy);
    const member = pool.run(g.check, '127.0.0.1');
    expect(() => pool.admit('127.0.0.1')).not.toThrow();
    expect(() => pool.admit(null)).not.toThrow(); // no address (exempt): only the wait counts
    expect(pool.takeStats()).toMatchObject({ refused: 2, refusedForAddress: 2, running: 1, queued: 2 });
    g.open();
    await Promise.all([...stranger, member]);
    expect(pool.heldBy('10.0.0.2')).toBe(0);
    await expect(pool.run(() => Promise.resolve('again'), '10.0.0.2')).resolves.toBe('again');
  });

  it('frees the places of an address whose check fails', async () => {
    const pool = new PasswordPool(1, 60_000, 10, undefined, 1);
    await expect(pool.run(() => Promise.reject(new Error('bad hash')), 'a')).rejects.toThrow('bad hash');
    expect(pool.heldBy('a')).toBe(0);
    await expect(pool.run(() => Promise.resolve('ok'), 'a')).resolves.toBe('ok');
  });
});

describe('PasswordPool.reserve', () => {
  it('holds a place from the door until the check enters, so a burst that arrives at once meets the bound and the share', async () => {
    const pool = new PasswordPool(1, 1000, 300, undefined, 2);
    const seats = [pool.reserve('a'), pool.reserve('b'), pool.reserve('c'), pool.reserve('d')]; // as waits 0, 300, 600, 900 ms
    expect(() => pool.reserve('e')).toThrow(PasswordPoolBusy); // would wait 1.2 s
    expect(pool.takeStats()).toMatchObject({ reserved: 4, running: 0, refused: 1 });
    for (const s of seats.slice(1)) s.release();
    const second = pool.reserve('a');
    expect(() => pool.reserve('a')).toThrow(PasswordPoolBusy); // 'a' holds its two places
    const g = gate();
    const entered = seats[0]!.enter(() => pool.run(g.check, 'a'));
    expect(pool.heldBy('a')).toBe(2); // one seat, one check
    seats[0]!.release(); // already given up on entering: nothing more
    expect(pool.heldBy('a')).toBe(2);
    second.release();
    g.open();
    await entered;
    expect(pool.heldBy('a')).toBe(0);
    expect(pool.takeStats()).toMatchObject({ reserved: 0, running: 0, queued: 0 });
  });
});
