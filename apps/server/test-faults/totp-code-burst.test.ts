import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/support/use-test-app.ts';
import { signedInAdmin, PASSWORD } from '../test/support/factories.ts';
import { codeAt, enrolTotp, testMfaKey, wrongCodeAt } from '../test/support/totp.ts';
import { listenForStrangers, rawRequest, strangerAddress } from './support/stranger.ts';

// Someone who has an officer's password guesses the 6-digit code with many parallel requests
// over the network. The per-account lockout counts each try before its verdict, so however many
// arrive at once, at most 10 get a verdict in 15 minutes; the rest are refused (429) unchecked.
// The stranger's address is exempt from the per-address limit here, so that it is the account's
// lockout, not the address limit, that this test sees hold.

const t = useTestApp({ mfaSecretKey: testMfaKey(), rateLimitAllow: [strangerAddress()] });
const tcp = listenForStrangers(t);

async function officerWithTotp() {
  const admin = await signedInAdmin(t.app, ['is_super_admin']);
  const { secret } = await enrolTotp(t.app, admin.headers);
  t.clock.advance(30_000); // the enrolment's code is spent
  const login = await rawRequest(tcp.port, { method: 'POST', path: '/api/auth/token', body: { matric_number: admin.user.matric_number, password: PASSWORD } });
  expect(login.status).toBe(200);
  expect(login.json().token).toBeUndefined();
  return { secret, mfaToken: login.json().mfa_token as string };
}

const tryCode = (mfaToken: string, code: string) => rawRequest(tcp.port, { method: 'POST', path: '/api/auth/token/mfa', body: { mfa_token: mfaToken, code } });

describe('parallel guessing of the second factor', () => {
  it('60 parallel wrong codes from a stranger: at most 10 verdicts, the rest 429', async () => {
    const { secret, mfaToken } = await officerWithTotp();
    const wrong = wrongCodeAt(secret, t.clock());
    const answers = await Promise.all(Array.from({ length: 60 }, () => tryCode(mfaToken, wrong)));
    const statuses = answers.map((a) => a.status);
    const verdicts = statuses.filter((s) => s === 401).length;
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(verdicts).toBeGreaterThan(0);
    expect(verdicts).toBeLessThanOrEqual(10);
    // Locked: the right code now gets no verdict either.
    expect((await tryCode(mfaToken, codeAt(secret, t.clock()))).status).toBe(429);
  });

  it('a right code hidden among 40 parallel wrong ones: at most 10 verdicts in all, and once locked the right code is refused', async () => {
    const { secret, mfaToken } = await officerWithTotp();
    const wrong = wrongCodeAt(secret, t.clock());
    const right = codeAt(secret, t.clock());
    const burst = Array.from({ length: 41 }, (_, i) => (i === 20 ? right : wrong));
    const answers = await Promise.all(burst.map((code) => tryCode(mfaToken, code)));
    const verdicts = answers.filter((a) => a.status === 401 || a.status === 200).length;
    expect(answers.filter((a) => ![200, 401, 429].includes(a.status))).toEqual([]);
    expect(verdicts).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    if (answers[20]!.status === 200) return; // the right code arrived among the first ten: it signs in, once
    expect(answers[20]!.status).toBe(429);
  });
});
