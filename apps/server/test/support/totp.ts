import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { PASSWORD } from './factories.ts';

// Codes are made with the same library the server uses, at the time of the app's clock (the
// test clock), as an authenticator app would at that moment.

export function codeAt(secret: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at.getTime() });
}

/** A code that is not the right one at `at` nor at the steps beside it. */
export function wrongCodeAt(secret: string, at: Date): string {
  const near = new Set([-30_000, 0, 30_000].map((d) => codeAt(secret, new Date(at.getTime() + d))));
  for (let n = 0; ; n++) {
    const code = String((123456 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** A fresh MFA key for a test app (so that tests never write a key file in the working copy). */
export const testMfaKey = () => randomBytes(32);

/**
 * Sets up and confirms TOTP for the signed-in admin behind `headers` (each step with the current
 * password, as the routes require); answers the secret and the recovery codes.
 */
export async function enrolTotp(app: FastifyInstance, headers: Record<string, string>, password = PASSWORD) {
  const setup = await app.inject({ method: 'POST', url: '/api/auth/mfa/setup', headers, payload: { password } });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const confirm = await app.inject({ method: 'POST', url: '/api/auth/mfa/confirm', headers, payload: { password, code: codeAt(secret, app.config.clock()) } });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.statusCode} ${confirm.body}`);
  return { secret, recoveryCodes: (confirm.json() as { recovery_codes: string[] }).recovery_codes };
}
