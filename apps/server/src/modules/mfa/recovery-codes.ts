import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@aesa/shared/mfa';

// Recovery codes carry about 119 random bits each (24 characters of a 31-letter alphabet), beyond
// guessing, so one SHA-256 without salt is enough to store them (a slow password hash is for
// secrets people choose). Shown once, in four groups of six for reading aloud and typing.

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no i, l, o, 0, 1: nothing to confuse
const GROUPS = 4;
const GROUP_LENGTH = 6;

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => newRecoveryCode());
}

function newRecoveryCode(): string {
  const chars: string[] = [];
  // Rejection sampling keeps every letter equally likely (256 is not a multiple of the alphabet).
  const limit = 256 - (256 % ALPHABET.length);
  while (chars.length < GROUPS * GROUP_LENGTH) {
    for (const byte of randomBytes(32)) {
      if (byte < limit && chars.length < GROUPS * GROUP_LENGTH) chars.push(ALPHABET[byte % ALPHABET.length]!);
    }
  }
  const groups = Array.from({ length: GROUPS }, (_, i) => chars.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH).join(''));
  return groups.join('-');
}

/** The code as typed, without spaces, dashes or case: what is hashed. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}
