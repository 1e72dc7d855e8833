import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { HASHER_NICE_STEPS, PasswordHashers, passwordHashers } from './password-hashers.ts';

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

/** The nice value of each thread of this process (field 19 of /proc/self/task/<tid>/stat). */
function threadNiceValues(): number[] {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after it are counted from its ')'.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('password hashing threads', () => {
  it('hash and verify in threads of their own, at a low priority', async () => {
    passwordHashers.resize(2);
    const made = await passwordHashers.hash('correct horse battery', OPTIONS);
    expect(made).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [right, wrong] = await Promise.all([passwordHashers.verify(made, 'correct horse battery'), passwordHashers.verify(made, 'wrong horse battery')]);
    expect([right, wrong]).toEqual([true, false]);
    // Two checks at once ran on two threads, both lowered below the process's own priority; the
    // test's own thread was not.
    const own = os.getPriority();
    expect(threadNiceValues().filter((nice) => nice === Math.min(19, own + HASHER_NICE_STEPS)).length).toBe(2);
    expect(threadNiceValues()[0]).toBe(own);
  });

  it('a malformed hash fails its own check and leaves the threads working', async () => {
    await expect(passwordHashers.verify('not a hash', 'x')).rejects.toThrow();
    const made = await passwordHashers.hash('still working', OPTIONS);
    expect(await passwordHashers.verify(made, 'still working')).toBe(true);
  });

  it('ends a thread that sat idle, and starts one again for the next check', async () => {
    const hashers = new PasswordHashers(300);
    hashers.resize(2);
    const before = fs.readdirSync('/proc/self/task').length;
    const made = await hashers.hash('idle for a while', OPTIONS);
    expect(hashers.threads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(hashers.threads).toBe(0);
    // The thread itself is gone from the process, not only from the count.
    expect(fs.readdirSync('/proc/self/task').length).toBeLessThanOrEqual(before);
    expect(await hashers.verify(made, 'idle for a while')).toBe(true);
    expect(hashers.threads).toBe(1);
  });

  it('retireIdle ends the idle threads at once and leaves a working one to finish', async () => {
    const hashers = new PasswordHashers();
    hashers.resize(2);
    await hashers.hash('first', OPTIONS);
    const working = hashers.hash('second', OPTIONS);
    const other = hashers.hash('third', OPTIONS);
    await other;
    hashers.retireIdle();
    expect(await working).toMatch(/^\$argon2id\$/);
    hashers.retireIdle();
    expect(hashers.threads).toBe(0);
  });
});
