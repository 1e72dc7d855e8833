import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSecret, readOrCreateKeyFile, sealSecret } from './mfa-secret-box.ts';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes.ts';

describe('TOTP secret at rest', () => {
  const key = randomBytes(32);
  const user = '6f1c4a3e-0000-4000-8000-000000000001';

  it('seals and opens; the sealed text does not contain the secret', () => {
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP', user);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, sealed, user)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('does not open with another key, for another account, or when altered', () => {
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP', user);
    expect(() => openSecret(randomBytes(32), sealed, user)).toThrow();
    expect(() => openSecret(key, sealed, '6f1c4a3e-0000-4000-8000-000000000002')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('KBSWY3DPEHPK3PXP').toString('base64url');
    expect(() => openSecret(key, parts.join('.'), user)).toThrow();
  });

  it('makes the key file once, owner-only, and reads the same key back', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfa-key-'));
    const file = path.join(dir, 'sub', 'mfa-secret.key');
    const a = readOrCreateKeyFile(file);
    const b = readOrCreateKeyFile(file);
    expect(a.length).toBe(32);
    expect(b.equals(a)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('recovery codes', () => {
  it('10 distinct codes of 4 groups of 6; the hash ignores case, spaces and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^([a-hjkmnp-z2-9]{6}-){3}[a-hjkmnp-z2-9]{6}$/);
    expect(hashRecoveryCode(codes[0]!.toUpperCase().replaceAll('-', ' '))).toBe(hashRecoveryCode(codes[0]!));
    expect(normalizeRecoveryCode(' Ab-Cd ')).toBe('abcd');
  });
});
