import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MEMBERSHIP_CODE_PATTERN, MEMBERSHIP_CODE_PREFIX } from '@aesa/shared/check-in';
import type { AppConfig } from '../../config.ts';
import { derivedKey } from '../../lib/derived-key.ts';

// A membership code is `aesa1.<code id>.<signature>` (decision 065). The code id is 128 random
// bits kept in membership_codes; it names nobody by itself. The signature is an HMAC-SHA256 of
// the first two parts under a key that is not in the database, so a copy of the database alone
// does not let anyone make a code, and a made-up or damaged code is refused before any lookup.
// The key is derived from the server's secret key (MFA_SECRET_KEY or DATA_DIR/mfa-secret.key),
// so every process and machine that shares that key accepts the same codes.

const TAG_BYTES = 16; // 128-bit tag: forging stays out of reach, and the QR stays small
const codeKey = (config: AppConfig) => derivedKey(config, 'aesa membership code v1');

function tagOf(key: Buffer, body: string): Buffer {
  return createHmac('sha256', key).update(body).digest().subarray(0, TAG_BYTES);
}

/** A new random code id (what membership_codes keeps). */
export function newCodeId(): string {
  return randomBytes(16).toString('base64url');
}

/** The text the member's QR carries for this code id. */
export function membershipCode(config: AppConfig, codeId: string): string {
  const body = `${MEMBERSHIP_CODE_PREFIX}.${codeId}`;
  return `${body}.${tagOf(codeKey(config), body).toString('base64url')}`;
}

/** The code id of a code this server signed; null for anything else (forged, damaged, not ours). */
export function verifiedCodeId(config: AppConfig, code: string): string | null {
  if (!MEMBERSHIP_CODE_PATTERN.test(code)) return null;
  const cut = code.lastIndexOf('.');
  const body = code.slice(0, cut);
  // Compared as text: a variant spelling of the same bytes is not the code the server gave out.
  const given = Buffer.from(code.slice(cut + 1));
  const expected = Buffer.from(tagOf(codeKey(config), body).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return body.slice(MEMBERSHIP_CODE_PREFIX.length + 1);
}
