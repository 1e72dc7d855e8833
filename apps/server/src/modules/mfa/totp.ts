import { Secret, TOTP } from 'otpauth';

// RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. A code of the step
// before or after the server's is accepted too (clocks of phones drift), and the caller refuses
// any step not newer than the last one accepted (replay protection).

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;
const ALGORITHM = 'SHA1';

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(input: { issuer: string; label: string; secret: string }): string {
  return new TOTP({ issuer: input.issuer, label: input.label, secret: Secret.fromBase32(input.secret), algorithm: ALGORITHM, digits: TOTP_DIGITS, period: TOTP_PERIOD_S }).toString();
}

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** The time step the code belongs to (within ±1 of now), or null when it matches none. */
export function matchTotpStep(secret: string, code: string, now: Date): number | null {
  if (!isTotpCode(code)) return null;
  const timestamp = now.getTime();
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits: TOTP_DIGITS, period: TOTP_PERIOD_S, timestamp, window: TOTP_WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_S, timestamp }) + delta;
}
