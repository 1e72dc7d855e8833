import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  it('are argon2id at OWASP’s minimum or stronger (m ≥ 19 MiB, t ≥ 2, p ≥ 1)', async () => {
    const stored = await hashPassword('a long passphrase');
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
    expect(match, stored).not.toBeNull();
    const [, m, t, p] = match!.map(Number);
    expect(m).toBeGreaterThanOrEqual(19 * 1024);
    expect(t).toBeGreaterThanOrEqual(2);
    expect(p).toBeGreaterThanOrEqual(1);
    expect(await verifyPassword(stored, 'a long passphrase')).toBe(true);
    expect(await verifyPassword(stored, 'another passphrase')).toBe(false);
  });
});
