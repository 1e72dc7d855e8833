import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, recoveryCodes, userTotp } from '../src/db/schema.ts';
import { useTestApp } from '../test/support/use-test-app.ts';
import { signedInAdmin } from '../test/support/factories.ts';
import { codeAt, enrolTotp, testMfaKey } from '../test/support/totp.ts';
import { listenForStrangers, rawRequest, strangerAddress } from './support/stranger.ts';

// A stranger on the network has copied an officer's session token (from a shared computer, a
// browser extension, a log) but not the password. With many parallel requests they try to turn
// the second factor on (to keep the account: the owner's password would then meet a code they do
// not have), off, or to see new recovery codes. Every such route asks for the current password,
// under the sign-in's lockout: nothing changes, at most 10 guesses get a verdict, no mail goes out.
// The stranger's address is exempt from the per-address limit here, so that it is the password
// and the account's lockout, not the address limit, that this test sees hold.

const t = useTestApp({ mfaSecretKey: testMfaKey(), rateLimitAllow: [strangerAddress()] });
const tcp = listenForStrangers(t);

const stranger = (path: string, body: unknown, token: string) =>
  rawRequest(tcp.port, { method: 'POST', path, body, headers: { authorization: `Bearer ${token}` } });
const totpOf = async (userId: string) => (await t.app.db.select().from(userTotp).where(eq(userTotp.user_id, userId)))[0] ?? null;
const mailTo = (email: string) => t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email));

describe('a copied session without the password', () => {
  it('cannot turn the second factor on: 60 parallel setups and confirms, with no password or guessed ones', async () => {
    const victim = await signedInAdmin(t.app, ['is_super_admin']);
    const requests = Array.from({ length: 60 }, (_, i) => {
      if (i % 3 === 0) return stranger('/api/auth/mfa/setup', {}, victim.token);
      if (i % 3 === 1) return stranger('/api/auth/mfa/setup', { password: `guess-number-${i}` }, victim.token);
      return stranger('/api/auth/mfa/confirm', { password: `guess-number-${i}`, code: '123456' }, victim.token);
    });
    const answers = await Promise.all(requests);
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    const codes = answers.map((a) => a.json().code as string);
    // Without a password: refused by the schema; with a guess: at most 10 verdicts, then locked.
    expect(codes.filter((c) => c === 'VALIDATION_FAILED')).toHaveLength(20);
    expect(codes.filter((c) => c === 'AUTH_CURRENT_PASSWORD_WRONG').length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 'AUTH_ACCOUNT_LOCKED').length).toBeGreaterThanOrEqual(30);
    expect(new Set(codes)).toEqual(new Set(['VALIDATION_FAILED', 'AUTH_CURRENT_PASSWORD_WRONG', 'AUTH_ACCOUNT_LOCKED']));
    expect(await totpOf(victim.user.id)).toBeNull();
    expect(await mailTo(victim.user.email)).toEqual([]);
  });

  it('cannot turn it off or see new recovery codes, even with a current code in hand', async () => {
    const victim = await signedInAdmin(t.app, ['is_event_admin']);
    const { secret } = await enrolTotp(t.app, victim.headers);
    t.clock.advance(30_000);
    const before = await totpOf(victim.user.id);
    const storedCodes = async () => (await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, victim.user.id))).map((r) => r.code_hash).sort();
    const codesBefore = await storedCodes();
    const mailsBefore = (await mailTo(victim.user.email)).length;

    // The worst case: the stranger also read a current code off the owner's screen.
    const code = codeAt(secret, t.clock());
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const path = i % 2 ? '/api/auth/mfa/disable' : '/api/auth/mfa/recovery-codes';
        return stranger(path, i % 4 < 2 ? { code } : { password: `guess-number-${i}`, code }, victim.token);
      }),
    );
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    const codes = answers.map((a) => a.json().code as string);
    expect(codes.filter((c) => c === 'AUTH_CURRENT_PASSWORD_WRONG').length).toBeLessThanOrEqual(10);
    expect(new Set(codes)).toEqual(new Set(['VALIDATION_FAILED', 'AUTH_CURRENT_PASSWORD_WRONG', 'AUTH_ACCOUNT_LOCKED']));
    // Nothing changed: the same confirmed secret, the same recovery codes, no new mail.
    expect(await totpOf(victim.user.id)).toEqual(before);
    expect(await storedCodes()).toEqual(codesBefore);
    expect(await mailTo(victim.user.email)).toHaveLength(mailsBefore);
  });
});
