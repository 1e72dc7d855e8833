import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../config.ts';
import { readLink, signLink } from './signed-link.ts';

const withKey = (): AppConfig => ({ ...loadConfig({ NODE_ENV: 'test' }), mfaSecretKey: randomBytes(32) });
const DAY = 24 * 60 * 60_000;

describe('signed links', () => {
  const config = withKey();
  const issuedAt = new Date('2026-11-01T10:00:00Z');
  const token = signLink(config, { purpose: 'unsubscribe', subject: 'member-1', kind: 'announcements', issuedAt });

  it('reads back what it names, within its age', () => {
    expect(readLink(config, token, 'unsubscribe', 30 * DAY, new Date(issuedAt.getTime() + DAY))).toEqual({
      ok: true,
      claims: { purpose: 'unsubscribe', subject: 'member-1', kind: 'announcements', issuedAt },
    });
  });

  it('refuses a changed character, another purpose, another key, and an old link as expired', () => {
    const now = new Date(issuedAt.getTime() + DAY);
    const [body, sig] = token.split('.') as [string, string];
    const flipped = `${body.slice(0, -1)}${body.endsWith('A') ? 'B' : 'A'}.${sig}`;
    for (const bad of [flipped, `${body}.${sig.slice(1)}`, body, `${token}.x`, '']) expect(readLink(config, bad, 'unsubscribe', 30 * DAY, now)).toEqual({ ok: false, reason: 'invalid' });
    // Other spellings of the same signature bytes (a lenient base64url decoder's): another link.
    const last = sig.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = `${sig.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
    expect(Buffer.from(sameBytes, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
    for (const spelling of [`${token}=`, `${token}!`, `${token}%`, `${body}.${sameBytes}`, `${body}.${sig.slice(0, 9)}\n${sig.slice(9)}`, `${body}.${sig.replace(/-/g, '+').replace(/_/g, '/')}=`]) {
      if (spelling === token) continue;
      expect(readLink(config, spelling, 'unsubscribe', 30 * DAY, now), JSON.stringify(spelling)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(readLink(config, token, 'newsletter-confirm', 30 * DAY, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(readLink(withKey(), token, 'unsubscribe', 30 * DAY, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(readLink(config, token, 'unsubscribe', 30 * DAY, new Date(issuedAt.getTime() + 31 * DAY))).toEqual({ ok: false, reason: 'expired' });
  });
});
