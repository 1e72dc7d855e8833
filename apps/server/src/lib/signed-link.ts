import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config.ts';
import { derivedKey } from './derived-key.ts';

// A link that acts without a session (an e-mail's unsubscribe link, a confirmation link) names
// what it is for in its own text, signed with a key derived from the server's secret key: the
// server keeps no copy of the link, a changed character breaks the signature, and a link made
// for one purpose does not work for another. Its age is signed too, so an old link expires.

/** What a link names: its purpose, the member or subscriber, the kind of mail, when it was made. */
export interface LinkClaims {
  purpose: string;
  subject: string;
  kind: string;
  issuedAt: Date;
}

/** The signing key: derived from the server's secret, never the secret itself. */
const linkKey = (config: AppConfig) => derivedKey(config, 'aesa-portal signed links v1');

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest();

export function signLink(config: AppConfig, claims: LinkClaims): string {
  const body = Buffer.from(JSON.stringify([claims.purpose, claims.subject, claims.kind, Math.floor(claims.issuedAt.getTime() / 1000)])).toString('base64url');
  return `${body}.${mac(linkKey(config), body).toString('base64url')}`;
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a link's signature, purpose and age (`maxAgeMs` from when it was made, read on `now`). */
export function readLink(config: AppConfig, token: string, purpose: string, maxAgeMs: number, now: Date): LinkCheck {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  // Compared as text, not as decoded bytes: Node's base64url decoder ignores characters outside
  // its alphabet (a trailing '=', '!', a space) and a last character's unused bits, so several
  // spellings decode to the same signature. Each spelling is a link of its own to the per-link
  // rate limit (keyed on the token's text), so a stranger holding one link could send it without
  // limit, and a changed character must not leave a link working.
  const expected = Buffer.from(mac(linkKey(config), body).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return { ok: false, reason: 'invalid' };
  const [p, subject, kind, issued] = parsed as unknown[];
  if (p !== purpose || typeof subject !== 'string' || typeof kind !== 'string' || typeof issued !== 'number') return { ok: false, reason: 'invalid' };
  const issuedAt = new Date(issued * 1000);
  if (now.getTime() - issuedAt.getTime() > maxAgeMs) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { purpose, subject, kind, issuedAt } };
}
